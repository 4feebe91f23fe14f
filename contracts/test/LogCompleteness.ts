// The action log is complete (issue 20): every user action of SPEC.md §4 writes exactly one Log entry for the
// account that acts, and every referral or team reward an action credits to someone else writes one more entry for
// that account (a credit, `from` = the acting account). Each case below lists, per contract function and per credit
// path, exactly the entries its transaction adds (owner, action, symbol), in order; the last test fails when an
// action of LogCodes.sol that some contract writes (scripts/lib/logCodes.ts, the list the SDK, indexer and web use)
// was not produced by any case. Functions that write no entry are listed too, with the reason.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { type Address, type Hash, getAddress, parseEther, parseEventLogs } from 'viem'
import { localContractsII } from '../config/contractsII.ts'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { readLogCodes, readLogWrites } from '../scripts/lib/logCodes.ts'
import { deployContractsIIISystem, join } from './InfoSystem.ts'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'

const { symbols, actions } = readLogCodes()
const symbolName = (code: number) => symbols.find((s) => s.code === code)?.name ?? String(code)
const actionName = (code: number) => actions.find((a) => a.code === code)?.name ?? String(code)

/** An entry a transaction must add: its owner, action and symbol (names of LogCodes.sol). */
type Expected = [owner: { account: { address: Address } }, action: string, symbol: string]

/** `contract:action:symbol` of every entry seen, over all cases. */
const seen = new Set<string>()
/** The cases run: what the completeness check below reports. */
const cases: string[] = []

type Client = { getTransactionReceipt: (args: { hash: Hash }) => Promise<{ status: string; logs: never[] }> }
type LogContract = { address: Address; abi: readonly unknown[] }

/** Checks that `hash` added exactly `expected` (in order) and records what it wrote, by writer contract name. */
async function expectEntries(
  client: Client,
  log: LogContract,
  writers: Record<string, string>,
  name: string,
  hash: Hash | Promise<Hash>,
  expected: Expected[],
) {
  const receipt = await client.getTransactionReceipt({ hash: await hash })
  assert.equal(receipt.status, 'success', name)
  const added = parseEventLogs({ abi: log.abi as never, logs: receipt.logs, eventName: 'LogAdded' as never }).filter(
    (event: { address: Address }) => getAddress(event.address) === getAddress(log.address),
  ) as unknown as { args: { owner: Address; writer: Address; action: number; symbol: number; amount: bigint } }[]
  assert.deepEqual(
    added.map((e) => [e.args.owner, actionName(e.args.action), symbolName(e.args.symbol)]),
    expected.map(([owner, action, symbol]) => [getAddress(owner.account.address), action, symbol]),
    `${name}: the Log entries it writes`,
  )
  for (const e of added) {
    const writer = writers[getAddress(e.args.writer)]
    assert.ok(writer, `${name}: an entry written by an unknown contract ${e.args.writer}`)
    assert.ok(e.args.amount > 0n || actionName(e.args.action) === 'register', `${name}: an entry of 0`)
    seen.add(`${writer}:${actionName(e.args.action)}:${symbolName(e.args.symbol)}`)
  }
  cases.push(name)
}

function writersOf(contracts: Record<string, { address: Address } | unknown>): Record<string, string> {
  const names: Record<string, string> = {
    main: 'Main',
    ido: 'Ido',
    nft: 'Nft',
    burn: 'Burn',
    stake: 'Stake',
    mining: 'Mining',
    double: 'Double',
    fomo: 'Fomo',
    superFomo: 'Fomo', // one contract, two deployments
  }
  const writers: Record<string, string> = {}
  for (const [key, name] of Object.entries(names)) {
    const address = (contracts[key] as { address?: Address } | undefined)?.address
    if (address) writers[getAddress(address)] = name
  }
  return writers
}

describe('Log completeness: every action and every referral/team credit writes its entries', () => {
  it('Main, Ido, Nft and Burn', async () => {
    const connection = await network.create()
    const { networkHelpers } = connection
    const s = await deployContractsIISystem(connection)
    const { ido, nft, burn, usdt, main, log, publicClient } = s
    const check = (name: string, hash: Hash | Promise<Hash>, expected: Expected[]) =>
      expectEntries(publicClient as never, log, writersOf(s), name, hash, expected)
    const [a, b, c] = s.users as [typeof s.deployer, typeof s.deployer, typeof s.deployer]
    await register(s, a)
    await register(s, b, a.account.address)
    await check('Main.register (bind referrer)', main.write.register([b.account.address], { account: c.account }), [
      [c, 'register', 'NEX'],
    ])
    for (const w of [a, b, c]) {
      await fundWallet(s, w, ido.address)
      await usdt.write.approve([burn.address, 2n ** 255n], { account: w.account })
    }

    // Ido: the mint in each payment, then its referrers' shares (paid at once, in the currency paid; BNB: USDT)
    await check('Ido.mint (USDT)', ido.write.mint([1n, true], { account: c.account }), [
      [c, 'ido_mint', 'USDT'],
      [b, 'ido_direct', 'USDT'],
      [a, 'ido_indirect', 'USDT'],
    ])
    await check('Ido.mint (NEX)', ido.write.mint([1n, false], { account: c.account }), [
      [c, 'ido_mint', 'NEX'],
      [b, 'ido_direct', 'NEX'],
      [a, 'ido_indirect', 'NEX'],
    ])
    await check('Ido.ido (BNB)', ido.write.ido([1n], { account: c.account, value: parseEther('0.2') }), [
      [c, 'ido_mint', 'BNB'],
      [b, 'ido_direct', 'USDT'],
      [a, 'ido_indirect', 'USDT'],
    ])
    await nft.write.mint([c.account.address, 1n, 15n])
    await check('Ido.hecheng (synthesize)', ido.write.hecheng({ account: c.account }), [[c, 'synthesize', 'NFT']])
    await networkHelpers.time.increase(Number(localContractsII.ido.dayTimes))
    await check('Ido.claim (claim release)', ido.write.claim({ account: c.account }), [[c, 'claim', 'NEX']])

    // Burn: an order, then its credits to the ancestors with a live order (the deployer has none: no credit)
    const { burnEvery } = await burn.read.getConfig()
    await check(
      'Burn.burn (USDT, no ancestor earns)',
      burn.write.burn([a.account.address, 1n, burnEvery, false], { account: a.account }),
      [[a, 'burn', 'USDT']],
    )
    await burn.write.setTeam([a.account.address, true, 1n]) // a team level: a team credit too
    await check('Ido.burn (into Burn: direct and team credits)', ido.write.burn([1n, false], { account: b.account }), [
      [b, 'burn', 'USDT'],
      [a, 'burn_direct', 'USDT'],
      [a, 'burn_team', 'USDT'],
    ])
    const bnb = parseEther('0.2') // ~120 USDT for a 100 USDT order
    await check(
      'Burn.burn (BNB: direct, indirect and team credits)',
      burn.write.burn([c.account.address, 1n, bnb, true], { account: c.account, value: bnb }),
      [
        [c, 'burn', 'USDT'],
        [b, 'burn_direct', 'USDT'],
        [a, 'burn_indirect', 'USDT'],
        [a, 'burn_team', 'USDT'],
      ],
    )
    await check('Burn.claimReward (claim reward)', burn.write.claimReward({ account: a.account }), [
      [a, 'claim', 'USDT'],
    ])
    // no entry: Burn.register copies Main's binding (Main.register wrote it); updatePool/updateUser/processExpired
    // move no money of the caller's (the orders' dividends are logged when claimed)
    for (const [name, hash] of [
      ['Burn.updatePool', burn.write.updatePool({ account: b.account })],
      ['Burn.updateUser', burn.write.updateUser([b.account.address], { account: b.account })],
    ] as const) {
      await check(`${name} (no entry: maintenance)`, hash, [])
    }
    await usdt.write.mint([nft.address, parseEther('10')])
    await check('Nft.claimReward (NFT dividends)', nft.write.claimReward({ account: c.account }), [
      [c, 'nft_claim', 'USDT'],
    ])
  })

  it('Stake, Mining, Double, Fomo and SuperFomo', async () => {
    const connection = await network.create()
    const { time } = connection.networkHelpers
    const s = await deployContractsIIISystem(connection)
    const { stake, mining, double, fomo, superFomo, log, publicClient } = s
    const check = (name: string, hash: Hash | Promise<Hash>, expected: Expected[]) =>
      expectEntries(publicClient as never, log, writersOf(s), name, hash, expected)
    const [a, b, c, d] = s.users as [typeof s.deployer, typeof s.deployer, typeof s.deployer, typeof s.deployer]
    await join(s, a, s.deployer.account.address)
    await join(s, b, a.account.address)
    await join(s, c, b.account.address)
    await join(s, d, c.account.address)

    // Stake: the deposit, then its 2 referrers' NEX credits (claimed later with stake_claim)
    const stakeAmount = local.stakeIdos[0]?.idoMin ?? parseEther('100')
    await check('Stake.deposit', stake.write.deposit([stakeAmount, 0n], { account: c.account }), [
      [c, 'stake_deposit', 'USDT'],
      [b, 'stake_direct', 'NEX'],
      [a, 'stake_indirect', 'NEX'],
    ])
    await check('Stake.claim', stake.write.claim({ account: c.account, value: local.stake.handleGas }), [
      [c, 'stake_claim', 'NEX'],
    ])

    // Mining: deposit, reward, release (its referrers get force, not money: no credit entries)
    const miningAmount = local.mining.userMin
    await check('Mining.deposit', mining.write.deposit([0n, miningAmount], { account: c.account }), [
      [c, 'mining_deposit', 'NEX'],
    ])
    await time.increase(Number(local.mining.dayTimes))
    await check('Mining.claimReward', mining.write.claimReward({ account: c.account, value: local.mining.handleGas }), [
      [c, 'mining_reward', 'NEX'],
    ])
    await time.increase(Number(local.miningMulti.stakeDays[0] * local.mining.dayTimes))
    const [stakes] = await mining.read.getUserStakes([c.account.address, 0n, 10n])
    await check('Mining.claimRelease', mining.write.claimRelease([stakes[0]?.index ?? 0n], { account: c.account }), [
      [c, 'mining_release', 'NEX'],
    ])

    // Double: an account's own deposit and claim (a FOM order's Double share writes no second entry)
    await check(
      'Double.deposit',
      double.write.deposit([a.account.address, parseEther('100'), 0n], { account: a.account }),
      [[a, 'double_deposit', 'USDT']],
    )
    await time.increase(Number(local.double.dayTimes))
    await check('Double.claim', double.write.claim({ account: a.account }), [[a, 'double_claim', 'USDT']])

    // Fomo and SuperFomo: orders, referral and team credits (only to ancestors that played), claims, release, prize
    for (const [name, pool] of [
      ['Fomo', fomo],
      ['SuperFomo', superFomo],
    ] as const) {
      const min = (await pool.read.getConfig()).roundMin
      await check(`${name}.burn (no ancestor earns)`, pool.write.burn([0n, 1n, min, true], { account: a.account }), [
        [a, 'fomo_burn', 'USDT'],
      ])
      await check(`${name}.burn (direct credit)`, pool.write.burn([0n, 1n, min, true], { account: b.account }), [
        [b, 'fomo_burn', 'USDT'],
        [a, 'fomo_direct', 'USDT'],
      ])
      await pool.write.setTeamLevel([a.account.address, 1n, true])
      await check(
        `${name}.burn (direct, indirect and team credits)`,
        pool.write.burn([0n, 1n, min, true], { account: c.account }),
        [
          [c, 'fomo_burn', 'USDT'],
          [b, 'fomo_direct', 'USDT'],
          [a, 'fomo_indirect', 'USDT'],
          [a, 'fomo_team', 'USDT'],
        ],
      )
      const handleGas = (await pool.read.getConfig()).handleGas
      await check(
        `${name}.claimReward(0) (balance)`,
        pool.write.claimReward([0n], { account: a.account, value: handleGas }),
        [[a, 'fomo_reward', 'USDT']],
      )
      const { roundEndTime, roundEndIndex } = await pool.read.getTotals()
      await time.increaseTo(roundEndTime)
      await pool.write.burn([0n, 1n, min, true], { account: d.account }) // settles the round
      await check(
        `${name}.claimReward(round) (prize)`,
        pool.write.claimReward([roundEndIndex], { account: c.account }),
        [[c, 'fomo_prize', 'USDT']],
      )
      const order = await pool.read.orders([1n])
      await time.increaseTo(order.endTime)
      await check(`${name}.release`, pool.write.release([1n], { account: a.account }), [[a, 'fomo_release', 'USDT']])
    }
  })

  it('every action some contract writes (the SDK, indexer and web list) was produced by a case above', () => {
    const written = readLogWrites().map((w) => `${w.contract}:${w.action}:${w.symbol}`)
    const missing = written.filter((key) => !seen.has(key))
    assert.deepEqual(missing, [], `written by the contracts but produced by no case (${cases.length} cases)`)
    const unlisted = [...seen].filter((key) => !written.includes(key))
    assert.deepEqual(unlisted, [], 'written but not in the generated list')
  })
})
