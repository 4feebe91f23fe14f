// Burn's dividends, referral and team rewards against the exact reference model (test/model/burnModel.ts, issue
// 32): random sequences of orders (1 unit to thousands, `burnEvery` from 1 wei to 1,000,000 USDT), USDT arriving
// (1 wei to 1e30), claims, `updateUser`, `updatePool`, `processExpired` and the upkeep (force-outs), blacklisting,
// the owner's settings within their bounds (unit, cap, days until forced out, fee) and time steps from a second to
// past every order's end, on the deployed Burn and on the model together (fast-check commands). After every step:
// every order is valid exactly while the model's is, everything credited to each account (`rewardTotal`: settled
// dividends, direct, indirect and team rewards) equals the model's exact figure within the rounding bound (each
// order's force / 1e18 per distribution and 1 wei per settlement below, its share of carried remainders above,
// 1 wei per referral credit), its balance is that less what its claims took, each claim pays its amount less exactly
// `feeRate`, the orders' dividends never exceed what entered the pool, and Burn holds what it owes. Team levels are
// read from `teams()` (their figures are checked against a recount by BurnTeam.ts and BurnProperty.ts). No action
// reverts but for a refusal the rules name.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import { parseEther, parseEventLogs, type Address, type Hash } from 'viem'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'
import { BurnModel, type BurnRules } from './model/burnModel.ts'
import {
  amountArbitrary,
  assertModelRuns,
  expectOutcome,
  runFixed,
  setAtLeast,
  type ModelCommand,
} from './model/harness.ts'
import { must, nth } from './model/nth.ts'

const ACCOUNTS = 6
const MAX_USDT = 10n ** 30n

describe('Burn rewards against the exact model', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection
  const s = await deployContractsIISystem(connection)
  const { burn, usdt, publicClient } = s
  const genesis = s.deployer.account.address
  const wallets = s.users.slice(0, ACCOUNTS)
  const wallet = (i: number) => nth(wallets, i, 'account')
  // genesis <- 0 <- 1 <- 2 <- 3, 4 under 0, 5 under the genesis
  const parents = [-1, 0, 1, 2, 0, -1]
  for (const [i, w] of wallets.entries()) {
    const parent = nth(parents, i)
    await register(s, w, parent < 0 ? genesis : wallet(parent).account.address)
    await fundWallet(s, w, burn.address, 10n ** 31n, 0n)
  }
  const settingsNow = async () => {
    const { addTime, ...settings } = await burn.read.getConfig()
    void addTime
    return settings
  }
  /** Sets `burnEvery` to `wanted`, or to its lower bound (the least order) when that is higher. */
  const setUnit = async (wanted: bigint) => {
    const settings = await settingsNow()
    return setAtLeast(wanted, (burnEvery) => burn.write.setConfig([{ ...settings, burnEvery }]))
  }
  // the least unit the settings allow (the smallest order), found once; the deployment keeps its own
  const deployed = (await settingsNow()).burnEvery
  const leastUnit = await setUnit(1n)
  await setUnit(deployed)
  const start = await networkHelpers.takeSnapshot()

  type Real = typeof s
  type Model = BurnModel & { step: number; blacklisted: Set<string>; burnEvery: bigint; surplus: bigint }
  const address = (i: number): Address => wallet(i).account.address
  const everyone = (): Address[] => [genesis, ...wallets.map((w) => w.account.address)]
  const ancestorsOf = (i: number): Address[] => {
    const list: Address[] = []
    for (let p = nth(parents, i); ; p = nth(parents, p)) {
      if (p < 0) {
        list.push(genesis)
        return list
      }
      list.push(address(p))
    }
  }
  const latest = async () => (await publicClient.getBlock()).timestamp
  async function send(tx: () => Promise<Hash>) {
    const at = (await latest()) + 1n
    await networkHelpers.time.setNextBlockTimestamp(at)
    const hash = await tx()
    return { receipt: await publicClient.getTransactionReceipt({ hash }), at }
  }
  async function rules(): Promise<BurnRules> {
    const config = await burn.read.getConfig()
    const multi = await burn.read.getConfigMulti()
    return {
      rewardRate: config.rewardRate,
      outDays: config.outDays,
      dayTimes: config.dayTimes,
      burnRates: [...multi.burnRates],
      teamRates: [...multi.teamRates],
      algebra: config.algebra,
      feeRate: config.feeRate,
    }
  }

  async function setup() {
    await start.restore()
    const model = new BurnModel(await rules()) as Model
    const config = await burn.read.getConfig()
    Object.assign(model, {
      step: 0,
      blacklisted: new Set<string>(),
      burnEvery: config.burnEvery,
      surplus: config.burnSurplus,
    })
    return { model, real: s }
  }

  async function check(model: Model, label: string) {
    const now = await latest()
    let dividends = 0n
    for (const order of model.orders) {
      const o = await burn.read.orders([BigInt(order.index)])
      assert.equal(o.isValid, !order.out, `${label}: order ${order.index} valid while the model's is not out`)
      dividends += o.reward
    }
    for (const account of everyone()) {
      const user = await burn.read.users([account])
      const exact = model.credited(account)
      const low = exact.sub(model.slack(account)).floor() - 1n
      const high = exact.add(model.over(account)).floor()
      assert.ok(
        user.rewardTotal >= low && user.rewardTotal <= high,
        `${label} (step ${model.step}): ${account} credited ${user.rewardTotal}, the model owes exactly ${exact} ` +
          `(allowed ${low}..${high})`,
      )
      assert.equal(user.balance, user.rewardTotal - model.takenBy(account), `${label}: balance of ${account}`)
    }
    assert.ok(
      dividends <= model.poolIn,
      `${label}: orders credited ${dividends} > ${model.poolIn} that entered the pool`,
    )
    const reserves = await burn.read.getReserves()
    const held = await usdt.read.balanceOf([burn.address])
    const owed = reserves.pool + reserves.orders + reserves.balances + reserves.swap
    assert.ok(held >= owed, `${label}: Burn holds ${held} < ${owed} it owes`)
    void now
  }

  const show = (a: unknown) => JSON.stringify(a, (_, v) => (typeof v === 'bigint' ? `${v}` : v))
  const cmd = <A>(arb: fc.Arbitrary<A>, name: string, run: (a: A, model: Model) => Promise<void>) =>
    arb.map((a): ModelCommand<Model, Real> => ({
      check: () => true,
      run: async (model) => {
        model.step++
        await run(a, model)
        await check(model, `${name} ${show(a)}`)
      },
      toString: () => `${name}(${show(a)})`,
    }))

  async function order(model: Model, who: number, times: bigint) {
    const account = address(who)
    const value = times * model.burnEvery
    if (model.blacklisted.has(account)) {
      await expectOutcome('burn', 'BurnBlacklisted', () =>
        burn.write.burn([account, times, value, false], { account: wallet(who).account }),
      )
      return
    }
    if (times > model.surplus) {
      await expectOutcome('burn', 'BurnExceedsSurplus', () =>
        burn.write.burn([account, times, value, false], { account: wallet(who).account }),
      )
      return
    }
    const ancestors = ancestorsOf(who)
    const { at } = await send(() => burn.write.burn([account, times, value, false], { account: wallet(who).account }))
    // the team levels with this order's volume counted (the order adds to its ancestors' figures first)
    const levels = new Map<string, number>()
    for (const a of ancestors) levels.set(a, Number((await burn.read.teams([a])).level))
    model.order(
      at,
      account,
      value,
      ancestors,
      (a) => levels.get(a) ?? 0,
      (a) => model.blacklisted.has(a),
    )
    model.surplus -= times
  }

  const who = fc.nat(ACCOUNTS - 1)
  const orderCmd = cmd(
    fc.record({
      who,
      times: fc.oneof(fc.constant(1n), fc.bigInt({ min: 1n, max: 20n }), fc.bigInt({ min: 1n, max: 5_000n })),
    }),
    'burn',
    async ({ who, times }, model) => order(model, who, times),
  )
  const fund = cmd(amountArbitrary(MAX_USDT), 'fund', async (amount, model) => {
    await usdt.write.mint([burn.address, amount])
    model.fund(amount)
  })
  const claim = cmd(who, 'claimReward', async (i, model) => {
    const account = address(i)
    const at = (await latest()) + 1n
    await networkHelpers.time.setNextBlockTimestamp(at)
    const before = await usdt.read.balanceOf([account])
    try {
      const hash = await burn.write.claimReward({ account: wallet(i).account })
      const receipt = await publicClient.getTransactionReceipt({ hash })
      const [event] = parseEventLogs({ abi: burn.abi, logs: receipt.logs, eventName: 'RewardClaimed' })
      model.settleUser(at, account)
      const fee = model.claim(account, must(event, 'RewardClaimed').args.amount)
      assert.equal(must(event).args.fee, fee, 'the claim fee is feeRate of the amount')
      assert.equal((await usdt.read.balanceOf([account])) - before, must(event).args.amount - fee)
    } catch (error) {
      if (error instanceof assert.AssertionError) throw error
      await expectOutcome('claimReward', 'BurnNothingToClaim', () => Promise.reject(error))
      // a refused claim changes nothing (its force-out and settlement are undone): what the model owes now, its
      // orders' unsettled dividends included, is no more than the rounding
      const exact = model.credited(account).add(model.unsettled(account))
      assert.ok(
        exact.sub(model.slack(account)).floor() - 1n <= model.takenBy(account),
        `${account}: nothing to claim, but the model owes ${exact}`,
      )
    }
  })
  const updateUser = cmd(who, 'updateUser', async (i, model) => {
    const { at } = await send(() => burn.write.updateUser([address(i)]))
    model.settleUser(at, address(i))
  })
  const updatePool = cmd(fc.constant(null), 'updatePool', async (_, model) => {
    const { at } = await send(() => burn.write.updatePool())
    model.update(at, 1)
  })
  const expired = cmd(
    fc.oneof(fc.constantFrom(1, 200), fc.integer({ min: 1, max: 30 })),
    'processExpired',
    async (n, model) => {
      const { at } = await send(() => burn.write.processExpired([BigInt(n)]))
      model.processExpired(at, n)
    },
  )
  const upkeep = cmd(fc.constant(null), 'performUpkeep', async (_, model) => {
    const at = (await latest()) + 1n
    await networkHelpers.time.setNextBlockTimestamp(at)
    const [due, data] = await burn.read.checkUpkeep(['0x'])
    if (!due) {
      await expectOutcome('performUpkeep', 'BurnUpkeepNotDue', () => burn.write.performUpkeep([data]))
      model.update(at - 1n, 0)
      return
    }
    await burn.write.performUpkeep([data])
    model.processExpired(at, 25)
    model.update(at, 1)
  })
  const blacklist = cmd(fc.record({ who, on: fc.boolean() }), 'setBlacklist', async ({ who, on }, model) => {
    await send(() => burn.write.setBlacklist([address(who), on]))
    if (on) model.blacklisted.add(address(who))
    else model.blacklisted.delete(address(who))
  })
  const settings = cmd(
    fc.record({
      burnEvery: fc.oneof(
        fc.constantFrom(1n, parseEther('100'), parseEther('1000000')),
        amountArbitrary(parseEther('1000000')),
      ),
      rewardRate: fc.bigInt({ min: 10_000n, max: 20_000n }),
      outDays: fc.oneof(fc.constantFrom(1n, 30n, 365n), fc.bigInt({ min: 1n, max: 365n })),
      feeRate: fc.bigInt({ min: 0n, max: 1_000n }),
    }),
    'setConfig',
    async (c, model) => {
      const burnEvery = c.burnEvery < leastUnit ? leastUnit : c.burnEvery
      const next = { ...(await settingsNow()), ...c, burnEvery }
      await send(() => burn.write.setConfig([next]))
      model.rules = await rules()
      model.burnEvery = burnEvery
    },
  )
  const time = cmd(
    fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 600 }), weight: 3 },
      { arbitrary: fc.integer({ min: 600, max: 40_000 }), weight: 2 },
      { arbitrary: fc.integer({ min: 1, max: 400 * 86_400 }), weight: 1 },
    ),
    'time',
    async (seconds) => {
      await networkHelpers.time.increase(seconds)
    },
  )

  const commands = [
    orderCmd,
    orderCmd,
    orderCmd,
    fund,
    claim,
    claim,
    updateUser,
    updatePool,
    expired,
    upkeep,
    blacklist,
    settings,
    time,
    time,
  ]

  it('every account is credited exactly its dividends and referral and team rewards, in any sequence', async () => {
    await assertModelRuns({ setup, commands, maxCommands: 30, defaultRuns: 5, deepRuns: 150 })
  })

  const step = (name: string, f: (model: Model) => Promise<void>): ModelCommand<Model, Real> => ({
    check: () => true,
    run: async (model) => {
      model.step++
      await f(model)
      await check(model, name)
    },
  })

  it('a first order of the smallest value in an empty pool takes no more than its share', async () => {
    await runFixed(setup, [
      step('smallest unit', async (m) => {
        m.burnEvery = await setUnit(leastUnit)
      }),
      step('dust order first', async (m) => order(m, 5, 1n)),
      step('funding', async (m) => {
        await usdt.write.mint([burn.address, parseEther('1000')])
        m.fund(parseEther('1000'))
      }),
      step('update', async (m) => {
        const { at } = await send(() => burn.write.updatePool())
        m.update(at, 1)
      }),
      step('ordinary unit', async (m) => {
        m.burnEvery = await setUnit(parseEther('100'))
      }),
      ...[0, 1, 2].map((i) => step(`ordinary order ${i}`, async (m) => order(m, i, 3n))),
      step('funding again', async (m) => {
        await usdt.write.mint([burn.address, parseEther('300')])
        m.fund(parseEther('300'))
      }),
      ...[0, 1, 2, 5].map((i) =>
        step(`update ${i}`, async (m) => {
          const { at } = await send(() => burn.write.updateUser([address(i)]))
          m.settleUser(at, address(i))
        }),
      ),
    ])
  })

  it('many dust orders and a long idle gap keep every share exact', async () => {
    await runFixed(setup, [
      step('smallest unit', async (m) => {
        m.burnEvery = await setUnit(leastUnit)
      }),
      ...Array.from({ length: 40 }, (_, k) =>
        step(`dust ${k}`, async (m) => order(m, k % ACCOUNTS, BigInt(1 + (k % 3)))),
      ),
      step('funding', async (m) => {
        await usdt.write.mint([burn.address, parseEther('50')])
        m.fund(parseEther('50'))
      }),
      step('idle past every end', async () => {
        await networkHelpers.time.increase(400 * 86_400)
      }),
      step('processExpired(200)', async (m) => {
        const { at } = await send(() => burn.write.processExpired([200n]))
        m.processExpired(at, 200)
      }),
      ...[0, 1, 2, 3, 4, 5].map((i) =>
        step(`update ${i}`, async (m) => {
          const { at } = await send(() => burn.write.updateUser([address(i)]))
          m.settleUser(at, address(i))
        }),
      ),
    ])
  })
})
