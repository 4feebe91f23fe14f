// The gas table of the user actions (issue 20), compared with contracts/gas-snapshot.json and the README table, so
// that any change in gas shows in review: per action the usual case (accounts that have acted before), the worst
// case at the default `algebra` (a full referral walk, first-time storage, forced work at its bound) and the worst
// at the largest `algebra` (actions with a fixed walk: the same). Over a target, the row names where the gas goes,
// measured from the transaction's trace (test/helpers/gasTable.ts); every action of SPEC.md §4 measured here (Nft's dividend
// claim too) writes exactly one action-log entry (checked). Each `it` fills one section of the file.
// Refresh with: UPDATE_GAS_SNAPSHOT=1 npx hardhat test nodejs test/GasSnapshot.ts
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEther, type Address, type Hash } from 'viem'
import { localContractsII } from '../config/contractsII.ts'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { localDefaults } from '../config/defaults.ts'
import { deployContractsIIISystem, type ContractsIIISystem } from './InfoSystem.ts'
import { deployContractsIISystem, fundWallet, register, type ContractsIISystem } from './helpers/contractsII.ts'
import {
  activateTeamLevels,
  beforeUsualUsdtOrder,
  burnUnderActiveChain,
  deepenMarket,
  deployTeam,
  fomoPools,
  fomoUnderActiveChain,
  GENERATIONS,
  idoChain,
  MAX_ALGEBRA,
  registerChain,
  stakeMiningChain,
  steadyPools,
} from './helpers/gasCases.ts'
import { alignToLogDay, GasTable } from './helpers/gasTable.ts'
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

/** The longest TWAP window of the systems measured here (Burn's oracle, Fomo's oracle, the Token's own). */
const ORACLE_WINDOW = Math.max(
  Number(localContractsII.oracleWindow),
  Number(local.oracleWindow),
  Number(localDefaults.tokenMulti.oracleWindow),
)

/**
 * A full oracle window, then the start of the next Log day: the next Burn order always updates the NEX TWAP (the
 * worst case), and every TWAP a Fomo order reads is at least a window old. Without the window, whether it was
 * depended on how far the Log-day alignment moved the clock (1 to 600 s against a 300 s window), and the figures
 * changed from run to run (CI saw Burn's worst at 1,322,292 against 1,339,600). The days of Log, Burn and Fomo are
 * all 600 s on the local chain, so each measured order is the first of a fresh day in all of them.
 */
async function pastOracleWindowToLogDay(
  time: { latest(): Promise<number>; increase(by: number): Promise<number>; increaseTo(to: bigint): Promise<void> },
  log: { read: { dayTimes(): Promise<bigint> } },
) {
  await time.increase(ORACLE_WINDOW)
  await alignToLogDay(time, log)
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

    // a full oracle window after the deployment's TWAP update, so that the first buy always updates the TWAP (the
    // worst case): without it, whether it did depended on when in the Log day the chain started
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
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
    const [a, , c, d, e] = s.users as [Wallet, Wallet, Wallet, Wallet, Wallet]
    // a fresh chain a <- b <- c <- d <- e under the deployer; nobody has used a pool yet
    await stakeMiningChain(s, time)
    const stakeAmount = local.stakeIdos[0]?.idoMin ?? parseEther('100')

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
    // a claim releases from at most MAX_CLAIM records: worst = all of them due, each claimed for the first time
    const maxRecords = Number(await double.read.MAX_CLAIM())
    for (let i = 0; i < maxRecords; ++i)
      await double.write.deposit([d.account.address, parseEther('100'), 0n], { account: d.account })
    await time.increase(Number(local.double.dayTimes))
    await table.measure('Double.claim', 'usual', double.write.claim({ account: a.account }), 1)
    await table.measure(
      `Double.claim (${maxRecords} records due)`,
      'worst',
      double.write.claim({ account: d.account }),
      1,
    )
    table.same(`Double.claim (${maxRecords} records due)`, 'worst', 'worstMax')
    table.check()
  })

  it('Burn and Fomo match gas-snapshot.json and the README table', async () => {
    // Burn: a buyer under the default `algebra` (8) of active generations, each credited, team levels V1..V5
    let connection = await network.create()
    const chain = await burnUnderActiveChain(connection, GENERATIONS)
    let s: Labelled = chain.s
    const table = new GasTable('Burn, Fomo', chain.s.publicClient, () => labelsOf(s), chain.s.log)
    const { burn } = chain.s
    const { buyer, unit, members } = chain
    const referrer = members[GENERATIONS - 1] as Address
    await pastOracleWindowToLogDay(connection.networkHelpers.time, chain.s.log)
    // worst: the buyer's first order; a direct, 7 indirect and 5 team credits (and the order's entry)
    await table.measure('Burn.burn (USDT)', 'worst', burn.write.burn([buyer, 1n, unit, false], { account: buyer }), 14)
    // usual: its next order (the buyer and every ancestor have acted before)
    await table.measure('Burn.burn (USDT)', 'usual', burn.write.burn([buyer, 1n, unit, false], { account: buyer }), 14)
    // the buyer's claim: its orders' dividends (the pool shared since); the direct referrer's: the buyer's
    // credits and its own order's dividends, the first time and again after the buyer's next order
    await table.measure('Burn.claimReward (order dividends)', 'usual', burn.write.claimReward({ account: buyer }), 1)
    await table.measure(
      'Burn.claimReward (referral and team rewards)',
      'worst',
      burn.write.claimReward({ account: referrer }),
      1,
    )
    table.same('Burn.claimReward (referral and team rewards)', 'worst', 'worstMax')
    await burn.write.burn([buyer, 1n, unit, false], { account: buyer })
    await table.measure(
      'Burn.claimReward (referral and team rewards)',
      'usual',
      burn.write.claimReward({ account: referrer }),
      1,
    )

    // Burn, worst: the first order of a fresh Burn, at the bottom of a 25-deep chain of fresh accounts (the walk
    // writes the team records of 8 of them for the first time; nobody is credited)
    connection = await network.create()
    const fresh = await deployContractsIISystem(connection)
    s = fresh
    table.use(fresh.publicClient, () => labelsOf(s), fresh.log)
    const { buyer: deep } = await registerChain(connection, fresh.main, fresh.deployer.account.address, 24, 0xc0de0001)
    await fresh.usdt.write.mint([deep, unit])
    await fresh.usdt.write.approve([fresh.burn.address, unit], { account: deep })
    await pastOracleWindowToLogDay(connection.networkHelpers.time, fresh.log)
    await table.measure(
      'Burn.burn (USDT)',
      'worst',
      fresh.burn.write.burn([deep, 1n, unit, false], { account: deep }),
      1,
    )

    // Burn, worst at the largest algebra: the buyer under 20 active generations (25 credits, 26 Log entries)
    connection = await network.create()
    const max = await burnUnderActiveChain(connection, MAX_ALGEBRA)
    s = max.s
    table.use(max.s.publicClient, () => labelsOf(s), max.s.log)
    await pastOracleWindowToLogDay(connection.networkHelpers.time, max.s.log)
    await table.measure(
      'Burn.burn (USDT)',
      'worstMax',
      max.s.burn.write.burn([max.buyer, 1n, unit, false], { account: max.buyer }),
      MAX_ALGEBRA + 6,
    )

    // Burn's claim at its bound: `handleGas` (50) orders settled, each with dividends, after the one expired order
    // of another account that a claim forces out (USER_OUTS) and before which the pool is not shared
    connection = await network.create()
    const bound = await deployContractsIISystem(connection)
    s = bound
    table.use(bound.publicClient, () => labelsOf(s), bound.log)
    const [claimer, other] = bound.users as [ContractsIISystem['deployer'], ContractsIISystem['deployer']]
    for (const wallet of [claimer, other]) {
      await register(bound, wallet)
      await fundWallet(bound, wallet, bound.burn.address, unit * 60n, 0n)
    }
    await bound.burn.write.burn([other.account.address, 1n, unit, false], { account: other.account })
    const { outDays, dayTimes, handleGas } = localContractsII.burn
    await connection.networkHelpers.time.increase(Number(outDays * dayTimes))
    for (let i = 0n; i < handleGas; ++i)
      await bound.burn.write.burn([claimer.account.address, 1n, unit, false], { account: claimer.account })
    await alignToLogDay(connection.networkHelpers.time, bound.log)
    const claim = bound.burn.write.claimReward({ account: claimer.account })
    await table.measure('Burn.claimReward (order dividends)', 'worst', claim, 1)
    table.same('Burn.claimReward (order dividends)', 'worst', 'worstMax')
    const settled = await bound.burn.getEvents.OrderSettled(
      {},
      { blockHash: (await bound.publicClient.getTransactionReceipt({ hash: await claim })).blockHash },
    )
    assert.equal(settled.filter((e) => e.args.owner === getAddress(claimer.account.address)).length, Number(handleGas))

    // Fomo, usual: accounts in a chain that have all used the pools before
    connection = await network.create()
    const { time } = connection.networkHelpers
    const steady = await steadyPools(connection)
    const f = steady.s
    s = f
    table.use(f.publicClient, () => labelsOf(s), f.log)
    const [, , , dave, erin] = steady.wallets as [Wallet, Wallet, Wallet, Wallet, Wallet]
    const { fomo } = f
    // as for Burn: the first order below always reads a TWAP a full window old, and the measured one never
    await pastOracleWindowToLogDay(time, f.log)
    for (const [pool, name, min] of fomoPools(f)) {
      // the accounts' first order in each kind of payment is not measured here (the worst cases below), nor their
      // first static accrual: each account holds an order (below `roundMin`: it plays no round) before the one that
      // accrues for the first time, so that the measured order is its third, updating the records an account that
      // has acted before already has (its balance and static reward, the pool's accumulator, the page of its order
      // list that its second order opened: a new page is 1 order in 8). The pool's weight reaches its floor
      // (WEIGHT_FLOOR) only with the second order, so nothing has dripped before it: `updateUser` then makes the
      // pool's first drip and the account's first accrual, which the measured order would otherwise make
      await beforeUsualUsdtOrder(pool, erin, min)
      await table.measure(`${name}.burn (USDT)`, 'usual', pool.write.burn([1n, min, true], { account: erin.account }))
      await pool.write.burn([0n, 1n, min / 5n, false, 1n], { account: dave.account })
      await pool.write.burn([0n, 1n, min, false, 1n], { account: dave.account })
      await table.measure(
        `${name}.burn (NEX)`,
        'usual',
        pool.write.burn([0n, 1n, min, false, 1n], { account: dave.account }),
      )
    }
    // claims and releases walk no tree (worst at the largest algebra = worst); worst: the account's first, which
    // also settles the round whose clock ran out
    await time.increase(Number(local.fomo.roundTime))
    await table.measure('Fomo.claimReward (prize)', 'worst', fomo.write.claimReward([1n], { account: erin.account }), 1)
    table.same('Fomo.claimReward (prize)', 'worst', 'worstMax')
    await fomo.write.burn([1n, local.fomo.roundMin, true], { account: erin.account })
    await time.increase(Number(local.fomo.roundTime))
    await table.measure(
      'Fomo.claimReward (balance)',
      'worst',
      fomo.write.claimReward([0n], { account: erin.account }),
      1,
    )
    table.same('Fomo.claimReward (balance)', 'worst', 'worstMax')
    assert.equal((await fomo.read.getRound([2n])).settled, true, 'the balance claim settled round 2')
    await table.measure('Fomo.claimReward (prize)', 'usual', fomo.write.claimReward([2n], { account: erin.account }), 1)
    await time.increase(Number(local.fomo.dayTimes))
    await table.measure(
      'Fomo.claimReward (balance)',
      'usual',
      fomo.write.claimReward([0n], { account: erin.account }),
      1,
    )
    await time.increase(Number(30n * local.fomo.dayTimes))
    // the two orders of `roundMin` above (the first, below it, stays locked)
    const [first, second] = [
      await fomo.read.userOrderIndex([erin.account.address, 1n]),
      await fomo.read.userOrderIndex([erin.account.address, 2n]),
    ]
    await table.measure('Fomo.release', 'worst', fomo.write.release([first], { account: erin.account }), 1)
    table.same('Fomo.release', 'worst', 'worstMax')
    await table.measure('Fomo.release', 'usual', fomo.write.release([second], { account: erin.account }), 1)

    // Fomo, worst at the default algebra: test/FomoWorstCase.ts's cases in a 10,000-member team (8 generations)
    connection = await network.create()
    const team = await deployTeam(connection)
    const snapshot = await connection.networkHelpers.takeSnapshot()
    s = team.s
    table.use(team.s.publicClient, () => labelsOf(s), team.s.log)
    const buyer0 = team.buyers[0] as Wallet
    // each case: what prepares it (from the snapshot), then its order, measured after a full oracle window at the
    // start of a Log day (pastOracleWindowToLogDay), so that the figures do not depend on when the test started
    type Case = {
      action: string
      prepare?: (t: typeof team) => Promise<unknown>
      send: (t: typeof team) => Promise<Hash>
    }
    const cases: Case[] = [
      // a fresh pool's first order, userMax, under 8 never-active generations
      {
        action: 'Fomo.burn (USDT)',
        send: (t) => t.s.fomo.write.burn([0n, 1n, local.fomo.userMax, true], { account: buyer0.account }),
      },
      {
        action: 'SuperFomo.burn (USDT)',
        send: (t) => t.s.superFomo.write.burn([4n, 1n, local.superFomo.userMax, true], { account: buyer0.account }),
      },
      // a fresh pool's first order in NEX that is the DEX pair's first swap too
      {
        action: 'Fomo.burn (NEX)',
        send: (t) => t.s.fomo.write.burn([4n, 1n, parseEther('2000'), false, 1n], { account: buyer0.account }),
      },
      // 8 active generations' first team differentials at V1..V4
      {
        action: 'Fomo.burn (USDT)',
        prepare: (t) => activateTeamLevels(t.s, t.chain),
        send: (t) => t.s.fomo.write.burn([0n, 1n, local.fomo.userMax, true], { account: buyer0.account }),
      },
    ]
    for (const [pool, name] of [
      ['fomo', 'Fomo'],
      ['superFomo', 'SuperFomo'],
    ] as const) {
      // a fresh pool's first order paid in NEX, 100,000 USDT, in a deeper market
      const value = parseEther('100000')
      cases.push({
        action: `${name}.burn (NEX)`,
        prepare: (t) => deepenMarket(connection, t.s, pool, buyer0.account.address, value),
        send: (t) => t.s[pool].write.burn([4n, 1n, value, false, 1n], { account: buyer0.account }),
      })
      // a new member's first order in NEX that settles the round
      const [one, two] = team.buyers as [Wallet, Wallet]
      cases.push({
        action: `${name}.burn (NEX)`,
        prepare: async (t) => {
          await t.s[pool].write.burn([1n, 1n, parseEther('1000'), true], { account: one.account })
          await connection.networkHelpers.time.increase(Number(local[pool].roundTime))
        },
        send: (t) => t.s[pool].write.burn([4n, 1n, parseEther('2000'), false, 1n], { account: two.account }),
      })
    }
    for (const { action, prepare, send } of cases) {
      await snapshot.restore()
      await prepare?.(team)
      await pastOracleWindowToLogDay(connection.networkHelpers.time, team.s.log)
      await table.measure(action, 'worst', send(team))
    }

    // Fomo, worst at the largest algebra: test/MaxAlgebraWorstCase.ts's 20 active generations, userMax in USDT,
    // and 100,000 USDT paid in NEX in a deeper market
    for (const [pool, name] of [
      ['fomo', 'Fomo'],
      ['superFomo', 'SuperFomo'],
    ] as const) {
      connection = await network.create()
      const top = await fomoUnderActiveChain(connection, MAX_ALGEBRA, pool)
      const again = await connection.networkHelpers.takeSnapshot()
      s = top.s
      table.use(top.s.publicClient, () => labelsOf(s), top.s.log)
      await pastOracleWindowToLogDay(connection.networkHelpers.time, top.s.log)
      await table.measure(
        `${name}.burn (USDT)`,
        'worstMax',
        top.contract.write.burn([0n, 1n, local[pool].userMax, true], { account: top.buyer }),
      )
      await again.restore()
      const value = parseEther('100000')
      await deepenMarket(connection, top.s, pool, top.buyer, value)
      await top.s.token.write.approve([top.contract.address, 2n ** 255n], { account: top.buyer })
      await pastOracleWindowToLogDay(connection.networkHelpers.time, top.s.log)
      await table.measure(
        `${name}.burn (NEX)`,
        'worstMax',
        top.contract.write.burn([0n, 1n, value, false, 1n], { account: top.buyer }),
      )
    }
    table.check()
  })

  it('Ido and Nft match gas-snapshot.json and the README table', async () => {
    const connection = await network.create()
    const { networkHelpers } = connection
    const system = await deployContractsIISystem(connection)
    const { ido, nft, usdt, publicClient } = system
    // the BNB purchase swaps in the BNB oracle's pair (BNB/USDT)
    const bnbPair = await system.bnbOracle.read.pair()
    const table = new GasTable('Ido, Nft', publicClient, () => ({ ...labelsOf(system), BnbPair: bnbPair }), system.log)
    const [a, b, c] = system.users as [Wallet, Wallet, Wallet]
    await idoChain(system, networkHelpers.time)
    // a mint rewards 2 generations (fixed): worst = the minter's first, its 2 referrers' first credit (3 Log
    // entries: the mint and the 2 credits)
    // as the web app sends them: with the most the payer agreed to (the round's price in USDT, the bound the page
    // shows in NEX: a generous one here, so that it never binds)
    const unitPrice = (await ido.read.getConfig()).idoAmount
    const nexBound = parseEther('100000')
    await table.measure('Ido.mint (USDT)', 'worst', ido.write.mint([1n, true, unitPrice], { account: c.account }), 3)
    table.same('Ido.mint (USDT)', 'worst', 'worstMax')
    await table.measure('Ido.mint (USDT)', 'usual', ido.write.mint([1n, true, unitPrice], { account: c.account }), 3)
    // NEX and BNB: worst = the account's first purchase in that currency, which is also the first since the
    // deployment (the oracle's first stored average, the first NEX or BNB figures of the account, its referrers
    // and the totals); usual = its next one a full oracle window later (the TWAP update included: the dearer
    // of the usual cases, as a purchase inside the window only reads the oracle)
    await table.measure(
      'Ido.mint (NEX at the TWAP)',
      'worst',
      ido.write.mint([1n, false, nexBound], { account: c.account }),
      3,
    )
    table.same('Ido.mint (NEX at the TWAP)', 'worst', 'worstMax')
    await table.measure(
      'Ido.ido (BNB)',
      'worst',
      ido.write.ido([1n], { account: c.account, value: parseEther('0.2') }),
      3,
    )
    table.same('Ido.ido (BNB)', 'worst', 'worstMax')
    // in the same Log day as the purchases above, as in steady use (the day is twice the window)
    const logDay = async () => BigInt(await networkHelpers.time.latest()) / (await system.log.read.dayTimes())
    const day = await logDay()
    await networkHelpers.time.increase(Number(localContractsII.oracleWindow))
    assert.equal(await logDay(), day, 'the usual NEX and BNB purchases share the Log day of the first ones')
    await table.measure(
      'Ido.mint (NEX at the TWAP)',
      'usual',
      ido.write.mint([1n, false, nexBound], { account: c.account }),
      3,
    )
    await table.measure(
      'Ido.ido (BNB)',
      'usual',
      ido.write.ido([1n], { account: c.account, value: parseEther('0.2') }),
      3,
    )
    // exactly `hecheng` keys (each purchase above gave keysPerUnit): the synthesis burns them all
    const { hecheng, keyId } = await ido.read.getSettings()
    await nft.write.mint([c.account.address, keyId, hecheng - (await nft.read.balanceOf([c.account.address, keyId]))])
    await table.measure('Ido.hecheng (15 keys -> 1 card)', 'usual', ido.write.hecheng({ account: c.account }), 1)
    await networkHelpers.time.increase(Number(localContractsII.ido.dayTimes))
    await table.measure('Ido.claim', 'usual', ido.write.claim({ account: c.account }), 1)
    // Ido.burn forwards a Burn order (the referral walk and its credits are Burn.burn's rows): worst, the account's
    // first order, which is also the first of a fresh Burn (its totals, the account's records and its order list
    // written for the first time); usual, its next one
    await table.measure('Ido.burn (USDT, into Burn)', 'worst', ido.write.burn([1n, false], { account: a.account }), 1)
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
