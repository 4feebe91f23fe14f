// The gas table of the user actions (issue 20), compared with contracts/gas-snapshot.json and the README table, so
// that any change in gas shows in review: per action the usual case (accounts that have acted before), the worst
// case at the default `algebra` (a full referral walk, first-time storage, forced work at its bound) and the worst
// at the largest `algebra` (actions with a fixed walk: the same). Over a target, the row names where the gas goes,
// measured from the transaction's trace (test/helpers/gasTable.ts); every action of SPEC.md §4 measured here (Nft's dividend
// claim too) writes exactly one action-log entry (checked). Each `it` fills one section of the file.
// Refresh with: UPDATE_GAS_SNAPSHOT=1 npx hardhat test nodejs test/GasSnapshot.ts
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { parseEther, type Address } from 'viem'
import { localContractsII } from '../config/contractsII.ts'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { localDefaults } from '../config/defaults.ts'
import { deployContractsIIISystem, join, type ContractsIIISystem } from './InfoSystem.ts'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'
import { GasTable } from './helpers/gasTable.ts'
import { deploySystem } from './helpers/system.ts'
import { buy, fund, sell } from './helpers/trade.ts'
import { logCode } from '../scripts/lib/logCodes.ts'

const NEX = logCode('symbol', 'NEX')

type Labelled = Record<string, { address: Address } | unknown>

/** Contract names by address, for the trace breakdowns. */
function labelsOf(system: Labelled): Record<string, string> {
  const labels: Record<string, string> = {}
  for (const [name, value] of Object.entries(system)) {
    const address = (value as { address?: unknown } | null)?.address
    if (typeof address === 'string' && address.startsWith('0x') && address.length === 42)
      labels[name[0]?.toUpperCase() + name.slice(1)] = address
  }
  return labels
}

/**
 * Moves the chain to one second past the start of the next Log day. The local Log day is 600 s and the chain
 * starts at the wall clock, so without this whether two measured actions share a Log day (a reward's
 * today/yesterday words) depended on when the test ran, and figures changed from run to run by a slot write.
 */
async function alignToLogDay(
  time: { latest(): Promise<number>; increaseTo(to: bigint): Promise<void> },
  log: { read: { dayTimes(): Promise<bigint> } },
) {
  const day = await log.read.dayTimes()
  const now = BigInt(await time.latest())
  await time.increaseTo((now / day + 1n) * day + 1n)
}

describe('Gas table', () => {
  it('Main, Token and Log match gas-snapshot.json and the README table', async () => {
    const connection = await network.create()
    const { networkHelpers } = connection
    const system = await deploySystem(connection)
    const { main, log, token, usdt, publicClient, deployer } = system
    const [alice, bob, carol] = system.users
    const table = new GasTable('Main, Token, Log', publicClient, () => labelsOf(system), log)
    await fund(system, alice)
    await fund(system, bob)

    await alignToLogDay(networkHelpers.time, log)
    // a registration is always an account's first: one case
    await table.measure(
      'Main.register',
      'worst',
      main.write.register([deployer.account.address], { account: alice.account }),
      1,
    )
    table.same('Main.register', 'worst', 'usual')
    table.same('Main.register', 'worst', 'worstMax')
    await main.write.register([alice.account.address], { account: bob.account })
    await table.measure(
      'Token.approve',
      'worst',
      token.write.approve([bob.account.address, 1n], { account: alice.account }),
    )
    await table.measure(
      'Token.approve',
      'usual',
      token.write.approve([bob.account.address, 2n], { account: alice.account }),
    )
    table.same('Token.approve', 'worst', 'worstMax')
    await table.measure('Router buy NEX (fee)', 'worst', buy(system, alice, parseEther('5000')))
    await table.measure('Router buy NEX (fee)', 'usual', buy(system, bob, parseEther('100')))
    table.same('Router buy NEX (fee)', 'worst', 'worstMax')
    await table.measure(
      'Token.transfer',
      'worst',
      token.write.transfer([carol.account.address, parseEther('10')], { account: alice.account }),
    )
    await table.measure(
      'Token.transfer',
      'usual',
      token.write.transfer([bob.account.address, parseEther('10')], { account: alice.account }),
    )
    table.same('Token.transfer', 'worst', 'worstMax')
    await table.measure('Router sell NEX (fee)', 'usual', sell(system, alice, parseEther('1000')))
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    await table.measure('Token.updatePrice (new average)', 'usual', token.write.updatePrice())
    await table.measure('Token.swapAndTrans', 'usual', token.write.swapAndTrans())
    await buy(system, bob, parseEther('20000'))
    await sell(system, bob, await token.read.balanceOf([bob.account.address]))
    await table.measure('Token.swapAndLiquify', 'usual', token.write.swapAndLiquify())
    // let the TWAP follow the trades above before buying at it
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    await usdt.write.approve([token.address, parseEther('100')], { account: alice.account })
    await table.measure(
      'Token.swapBurn',
      'usual',
      token.write.swapBurn([parseEther('100')], { account: alice.account }),
    )
    await networkHelpers.mine(1)
    await table.measure('Token.burnPool', 'usual', token.write.burnPool({ account: bob.account }))
    // the Log on its own (the deployer is the Log admin writer): a later entry, and a reward with a counterparty
    await table.measure(
      'Log.addLog (entry)',
      'usual',
      log.write.addLog([
        alice.account.address,
        deployer.account.address,
        NEX,
        logCode('action', 'mining_release'),
        1n,
        2n,
      ]),
    )
    await table.measure(
      'Log.addLog (entry)',
      'worst',
      log.write.addLog([alice.account.address, bob.account.address, NEX, logCode('action', 'claim'), 1n, 2n]),
    )
    table.same('Log.addLog (entry)', 'worst', 'worstMax')
    table.check()
  })

  it('Stake, Mining and Double match gas-snapshot.json and the README table', async () => {
    const connection = await network.create()
    const { time } = connection.networkHelpers
    const s = await deployContractsIIISystem(connection)
    const table = new GasTable('Stake, Mining, Double', s.publicClient, () => labelsOf(s), s.log)
    const { stake, mining, double } = s
    const [a, b, c, d, e] = s.users as [Wallet, Wallet, Wallet, Wallet, Wallet]
    // a fresh chain a <- b <- c <- d <- e under the deployer; nobody has used a pool yet
    await join(s, a, s.deployer.account.address)
    await join(s, b, a.account.address)
    await join(s, c, b.account.address)
    await join(s, d, c.account.address)
    await join(s, e, d.account.address)
    const stakeAmount = local.stakeIdos[0]?.idoMin ?? parseEther('100')
    await alignToLogDay(time, s.log)

    // Stake: a deposit rewards 2 generations (fixed): worst = the depositor's first, its 2 referrers' first credit
    // (3 Log entries: the deposit and the 2 credits)
    await table.measure('Stake.deposit', 'worst', stake.write.deposit([stakeAmount, 0n], { account: c.account }), 3)
    table.same('Stake.deposit', 'worst', 'worstMax')
    await table.measure('Stake.deposit', 'usual', stake.write.deposit([stakeAmount, 0n], { account: c.account }), 3)
    // a claim releases from at most MAX_CLAIM stakes: worst = all of them due
    const maxClaim = Number(await stake.read.MAX_CLAIM())
    for (let i = 0; i < maxClaim; ++i) await stake.write.deposit([stakeAmount, 0n], { account: d.account })
    await time.increase(Number(local.stake.addTime + local.stake.dayTimes))
    await table.measure('Stake.claim', 'usual', stake.write.claim({ account: c.account }), 1)
    await table.measure(`Stake.claim (${maxClaim} stakes due)`, 'worst', stake.write.claim({ account: d.account }), 1)
    table.same(`Stake.claim (${maxClaim} stakes due)`, 'worst', 'worstMax')

    // Mining: a deposit gives force to 3 invite generations (fixed): worst = first deposit, referrers fresh
    const miningAmount = local.mining.userMin
    await table.measure('Mining.deposit', 'worst', mining.write.deposit([0n, miningAmount], { account: e.account }), 1)
    table.same('Mining.deposit', 'worst', 'worstMax')
    // usual: the depositor and its referrers have deposited and accrued before
    await time.increase(Number(local.mining.dayTimes))
    await mining.write.deposit([0n, miningAmount], { account: e.account })
    await time.increase(Number(local.mining.dayTimes))
    await table.measure('Mining.deposit', 'usual', mining.write.deposit([0n, miningAmount], { account: e.account }), 1)
    await time.increase(Number(local.mining.dayTimes))
    await table.measure('Mining.claimReward', 'usual', mining.write.claimReward({ account: e.account }), 1)
    await time.increase(Number(local.miningMulti.stakeDays[0] * local.mining.dayTimes))
    const [stakes] = await mining.read.getUserStakes([e.account.address, 0n, 10n])
    const last = stakes[stakes.length - 1]
    if (!last) throw new Error('no Mining stake')
    await table.measure(
      'Mining.claimRelease',
      'usual',
      mining.write.claimRelease([last.index], { account: e.account }),
      1,
    )

    // Double: an account's own deposit; worst = its first record
    await table.measure(
      'Double.deposit',
      'worst',
      double.write.deposit([a.account.address, parseEther('100'), 0n], { account: a.account }),
      1,
    )
    table.same('Double.deposit', 'worst', 'worstMax')
    await table.measure(
      'Double.deposit',
      'usual',
      double.write.deposit([a.account.address, parseEther('100'), 0n], { account: a.account }),
      1,
    )
    await time.increase(Number(local.double.dayTimes))
    await table.measure('Double.claim', 'usual', double.write.claim({ account: a.account }), 1)
    table.check()
  })

  it('Ido and Nft match gas-snapshot.json and the README table', async () => {
    const connection = await network.create()
    const { networkHelpers } = connection
    const system = await deployContractsIISystem(connection)
    const { ido, nft, burn, usdt, publicClient, deployer } = system
    const table = new GasTable('Ido, Nft', publicClient, () => labelsOf(system), system.log)
    const [a, b, c] = system.users as [Wallet, Wallet, Wallet]
    await register(system, a, deployer.account.address)
    await register(system, b, a.account.address)
    await register(system, c, b.account.address)
    for (const wallet of [a, b, c]) {
      await fundWallet(system, wallet, ido.address)
      await usdt.write.approve([burn.address, 2n ** 255n], { account: wallet.account })
    }
    await alignToLogDay(networkHelpers.time, system.log)
    // a mint rewards 2 generations (fixed): worst = the minter's first, its 2 referrers' first credit (3 Log
    // entries: the mint and the 2 credits)
    await table.measure('Ido.mint (USDT)', 'worst', ido.write.mint([1n, true], { account: c.account }), 3)
    table.same('Ido.mint (USDT)', 'worst', 'worstMax')
    await table.measure('Ido.mint (USDT)', 'usual', ido.write.mint([1n, true], { account: c.account }), 3)
    await table.measure('Ido.mint (NEX at the TWAP)', 'usual', ido.write.mint([1n, false], { account: c.account }), 3)
    await table.measure(
      'Ido.ido (BNB)',
      'usual',
      ido.write.ido([1n], { account: c.account, value: parseEther('0.2') }),
      3,
    )
    await nft.write.mint([c.account.address, 1n, 11n])
    await table.measure('Ido.hecheng (15 keys -> 1 card)', 'usual', ido.write.hecheng({ account: c.account }), 1)
    await networkHelpers.time.increase(Number(localContractsII.ido.dayTimes))
    await table.measure('Ido.claim', 'usual', ido.write.claim({ account: c.account }), 1)
    await table.measure('Ido.burn (USDT, into Burn)', 'usual', ido.write.burn([1n, false], { account: a.account }), 1)

    await nft.write.mint([a.account.address, 1n, 5n])
    await usdt.write.mint([nft.address, parseEther('10')])
    await table.measure(
      'Nft.safeTransferFrom (settles both sides)',
      'usual',
      nft.write.safeTransferFrom([a.account.address, b.account.address, 1n, 2n, '0x'], { account: a.account }),
    )
    await table.measure('Nft.claimReward', 'usual', nft.write.claimReward({ account: a.account }), 1)
    table.check()
  })
})

type Wallet = ContractsIIISystem['deployer']
