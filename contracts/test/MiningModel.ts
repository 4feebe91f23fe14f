// Mining's emission against the exact reference model (test/model/miningModel.ts, issue 32): random sequences of
// deposits in every tier (from the least allowed amount, and below it, to the most an account may stake), reward
// claims, releases (also too early and twice), budget funding (1 wei to 1,000,000 NEX), pool updates, blacklisting,
// the owner's settings within their bounds (emission, day length, fees, limits, tiers and invite rates) and time
// steps from a second to a year, on the deployed Mining and on the model together (fast-check commands). After every
// step: every account's force equals the model's, everything credited to it (claimed with fees, plus its balance)
// equals its exact share of the emission within the rounding bound (test/model/sharePool.ts: its force / 1e18 and
// its share of 1 wei per update below, 1 wei a life), the budget left is the model's (up to 1 wei per update),
// what all accounts were credited never exceeds what entered the budget, and each claim pays its amount less
// exactly `feeRate`. No action reverts but for a refusal the rules name.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import { parseAbi, parseEther, parseEventLogs, type Address, type Hash } from 'viem'
import { deployContractsIIISystem, join } from './InfoSystem.ts'
import {
  amountArbitrary,
  assertModelRuns,
  expectOutcome,
  runFixed,
  setAtLeast,
  type ModelCommand,
} from './model/harness.ts'
import { MiningModel, type MiningSettings, type MiningTiers } from './model/miningModel.ts'
import { assertInRange } from './model/sharePool.ts'
import { must, nth } from './model/nth.ts'

const ACCOUNTS = 5
const MAX_DAY = 7n * 86_400n

describe('Mining emission against the exact model', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection
  const s = await deployContractsIIISystem(connection)
  const { mining, token, publicClient, main } = s
  const genesis = s.deployer.account.address
  const wallets = s.users.slice(0, ACCOUNTS)
  const wallet = (i: number) => nth(wallets, i, 'account')
  // genesis <- 0 <- 1 <- 2 <- 3, and 4 under the genesis: chains deeper than the 3 generations rewarded
  const parents = [-1, 0, 1, 2, -1]
  for (const [i, w] of wallets.entries()) {
    const parent = nth(parents, i)
    await join(s, w, parent < 0 ? genesis : wallet(parent).account.address, { nex: parseEther('1500000') })
  }
  await token.write.approve([mining.address, 2n ** 255n])
  // the least userMin the owner may set (found once through the setter's bound) and the weight floor, if any
  const deployedConfig = await mining.read.getConfig()
  const { mintSurplus, ...deployedSettings } = deployedConfig
  void mintSurplus
  const USER_MIN_LOWEST = await setAtLeast(1n, (userMin) => mining.write.setConfig([{ ...deployedSettings, userMin }]))
  await mining.write.setConfig([deployedSettings])
  const forceFloor = await publicClient
    .readContract({
      address: mining.address,
      abi: parseAbi(['function FORCE_FLOOR() view returns (uint256)']),
      functionName: 'FORCE_FLOOR',
    })
    .catch(() => 0n)
  const start = await networkHelpers.takeSnapshot()

  type Real = typeof s
  type Model = MiningModel & {
    step: number
    blacklisted: Set<string>
    userMin: bigint
    userMax: bigint
    addTime: bigint
    dayTimes: bigint
    stakeDays: bigint[]
    fees: bigint
    budgetIn: bigint
  }
  const address = (i: number): Address => wallet(i).account.address
  const everyone = (): Address[] => [genesis, ...wallets.map((w) => w.account.address)]
  const referrersOf = (i: number): Address[] => {
    const list: Address[] = []
    for (let p = nth(parents, i); list.length < 3; p = nth(parents, p)) {
      if (p < 0) {
        list.push(genesis)
        break
      }
      list.push(address(p))
    }
    return list
  }

  const latest = async () => (await publicClient.getBlock()).timestamp
  /** Sends a transaction in the next second (the model's time for it) and returns its receipt. */
  async function send(model: Model, tx: () => Promise<Hash>) {
    const at = (await latest()) + 1n
    await networkHelpers.time.setNextBlockTimestamp(at)
    const hash = await tx()
    const receipt = await publicClient.getTransactionReceipt({ hash })
    assert.equal(receipt.status, 'success')
    return { receipt, at }
  }

  async function setup() {
    await start.restore()
    const config = await mining.read.getConfig()
    const multi = await mining.read.getConfigMulti()
    const totals = await mining.read.getTotals()
    const settings: MiningSettings = { mintDay: config.mintDay, dayTimes: config.dayTimes, feeRate: config.feeRate }
    const tiers: MiningTiers = {
      inviteRates: [...multi.inviteRates],
      stakeRates: [...multi.stakeRates],
      stakeForces: [...multi.stakeForces],
    }
    const model = new MiningModel(settings, tiers, totals.lastTime, config.mintSurplus, forceFloor) as Model
    assert.equal(totals.totalForce, 0n, 'the pool starts empty')
    model.step = 0
    model.blacklisted = new Set()
    model.userMin = config.userMin
    model.userMax = config.userMax
    model.addTime = config.addTime
    model.dayTimes = config.dayTimes
    model.stakeDays = [...multi.stakeDays]
    model.fees = 0n
    model.budgetIn = config.mintSurplus
    return { model, real: s }
  }

  async function check(model: Model, label: string) {
    model.advance(await latest())
    let credited = 0n
    for (const account of everyone()) {
      const user = await mining.read.users([account])
      assert.equal(
        user.force + user.forceDirect + user.forceIndirect + user.forceInvite,
        model.pool.weightOf(account),
        `${label}: force of ${account}`,
      )
      const actual = user.balance + model.takenBy(account)
      credited += actual
      assertInRange(model.pool, account, actual, `${label} (step ${model.step})`)
    }
    assert.ok(
      credited <= model.budgetIn + model.fees,
      `${label}: accounts credited ${credited} > ${model.budgetIn + model.fees} that entered the budget`,
    )
    const config = await mining.read.getConfig()
    const budget = model.budget
    assert.ok(
      config.mintSurplus >= budget.floor() && config.mintSurplus <= budget.ceil() + model.budgetSlack,
      `${label}: budget ${config.mintSurplus}, the model's ${budget}`,
    )
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

  const who = fc.nat(ACCOUNTS - 1)
  const tier = fc.nat(5)
  const deposit = cmd(
    fc.record({ who, tier, amount: fc.oneof(fc.constantFrom('min', 'max', 'below'), amountArbitrary(10n ** 24n)) }),
    'deposit',
    async ({ who, tier, amount: pick }, model) => {
      const account = address(who)
      const staked = (await mining.read.users([account])).amount
      const room = model.userMax > staked ? model.userMax - staked : 0n
      const amount =
        pick === 'min' ? model.userMin : pick === 'max' ? room : pick === 'below' ? model.userMin - 1n : pick
      // the depositor holds what it stakes (releases below 100 % and large limits would otherwise drain it)
      const held = await token.read.balanceOf([account])
      if (amount > held) await token.write.transfer([account, amount - held])
      const refusal = model.blacklisted.has(account)
        ? 'MiningBlacklisted'
        : amount < model.userMin || amount > room || amount === 0n
          ? 'MiningAmountOutOfRange'
          : null
      if (refusal) {
        await expectOutcome('deposit', refusal, () =>
          mining.write.deposit([BigInt(tier), amount], { account: wallet(who).account }),
        )
        return
      }
      const { at } = await send(model, () =>
        mining.write.deposit([BigInt(tier), amount], { account: wallet(who).account }),
      )
      const index = model.deposit(at, account, tier, amount, referrersOf(who), (a) => model.blacklisted.has(a))
      const record = await mining.read.stakes([BigInt(index)])
      assert.equal(record.endTime, at + nth(model.stakeDays, tier) * model.dayTimes, 'a stake locks for its tier days')
      model.budgetIn += amount - nth(model.stakes, index - 1).actual
    },
  )
  const claim = cmd(who, 'claimReward', async (i, model) => {
    const account = address(i)
    const user = await mining.read.users([account])
    const at = (await latest()) + 1n
    if (user.lastOut !== 0n && at < user.lastOut + model.addTime) {
      await networkHelpers.time.setNextBlockTimestamp(at)
      await expectOutcome('claimReward', 'MiningClaimTooEarly', () =>
        mining.write.claimReward({ account: wallet(i).account }),
      )
      return
    }
    // whether anything is owed at `at` is the contract's to say (whole wei); the model's range bounds it below
    await networkHelpers.time.setNextBlockTimestamp(at)
    const before = await token.read.balanceOf([account])
    try {
      const hash = await mining.write.claimReward({ account: wallet(i).account })
      const receipt = await publicClient.getTransactionReceipt({ hash })
      const [event] = parseEventLogs({ abi: mining.abi, logs: receipt.logs, eventName: 'RewardClaimed' })
      assert.ok(event)
      const fee = model.claim(at, account, event.args.amount)
      assert.equal(event.args.fee, fee, 'the claim fee is feeRate of the amount')
      assert.equal(
        (await token.read.balanceOf([account])) - before,
        event.args.amount - fee,
        'paid the amount less the fee',
      )
      model.fees += fee
    } catch (error) {
      await expectOutcome('claimReward', 'MiningNothingToClaim', () => Promise.reject(error))
      model.advance(at - 1n)
      const { low } = model.pool.range(account)
      assert.ok(low <= model.takenBy(account) + 1n, `${account}: nothing to claim, but the model owes at least ${low}`)
    }
  })
  const release = cmd(fc.record({ who, pick: fc.nat() }), 'claimRelease', async ({ who, pick }, model) => {
    const account = address(who)
    const own = model.stakes.map((stake, k) => ({ stake, index: k + 1 })).filter(({ stake }) => stake.owner === account)
    if (own.length === 0) return
    const { stake, index } = nth(own, pick % own.length)
    const record = await mining.read.stakes([BigInt(index)])
    const at = (await latest()) + 1n
    const refusal = stake.released ? 'MiningStakeCompleted' : at < record.endTime ? 'MiningStakeLocked' : null
    if (refusal) {
      await networkHelpers.time.setNextBlockTimestamp(at)
      await expectOutcome('claimRelease', refusal, () =>
        mining.write.claimRelease([BigInt(index)], { account: wallet(who).account }),
      )
      return
    }
    const before = await token.read.balanceOf([account])
    await send(model, () => mining.write.claimRelease([BigInt(index)], { account: wallet(who).account }))
    const paid = model.release(at, index)
    assert.equal((await token.read.balanceOf([account])) - before, paid, 'a release returns the stake’s actual')
  })
  const fund = cmd(amountArbitrary(parseEther('1000000')), 'addMint', async (amount, model) => {
    const { at } = await send(model, () => mining.write.addMint([amount]))
    model.fund(at, amount)
    model.budgetIn += amount
  })
  const update = cmd(fc.option(who), 'update', async (i, model) => {
    const { at } = await send(model, () =>
      i === null ? mining.write.updatePool() : mining.write.updateUser([address(i)]),
    )
    model.advance(at)
  })
  const blacklist = cmd(fc.record({ who, on: fc.boolean() }), 'setBlacklist', async ({ who, on }, model) => {
    const { at } = await send(model, () => mining.write.setBlacklist([address(who), on]))
    model.advance(at)
    if (on) model.blacklisted.add(address(who))
    else model.blacklisted.delete(address(who))
  })
  const settings = cmd(
    fc.record({
      addTime: fc.bigInt({ min: 0n, max: 600n }),
      dayTimes: fc.oneof(fc.constantFrom(60n, 600n, MAX_DAY), fc.bigInt({ min: 60n, max: MAX_DAY })),
      mintDay: fc.oneof(fc.constantFrom(0n, 1n, parseEther('1000000')), amountArbitrary(parseEther('1000000'))),
      userMin: fc.oneof(fc.constantFrom(USER_MIN_LOWEST, parseEther('100')), amountArbitrary(parseEther('1000'))),
      userMax: fc.oneof(fc.constant(parseEther('1000000')), amountArbitrary(parseEther('2000000'))),
      feeRate: fc.bigInt({ min: 0n, max: 2_000n }),
    }),
    'setConfig',
    async (c, model) => {
      const userMin = c.userMin < USER_MIN_LOWEST ? USER_MIN_LOWEST : c.userMin
      const userMax = c.userMax < userMin ? userMin : c.userMax
      const next = {
        addTime: c.addTime,
        dayTimes: c.dayTimes,
        mintDay: c.mintDay,
        userMax,
        userMin,
        handleGas: 0n,
        feeRate: c.feeRate,
      }
      const { at } = await send(model, () => mining.write.setConfig([next]))
      model.configure(at, { mintDay: c.mintDay, dayTimes: c.dayTimes, feeRate: c.feeRate })
      Object.assign(model, { userMin, userMax, addTime: c.addTime, dayTimes: c.dayTimes })
    },
  )
  const tiers = cmd(
    fc.record({
      inviteRates: fc.tuple(
        fc.bigInt({ min: 0n, max: 5_000n }),
        fc.bigInt({ min: 0n, max: 5_000n }),
        fc.bigInt({ min: 0n, max: 5_000n }),
      ),
      stakeDays: fc.array(fc.bigInt({ min: 1n, max: 1_000n }), { minLength: 6, maxLength: 6 }),
      stakeRates: fc.array(fc.bigInt({ min: 0n, max: 10_000n }), { minLength: 6, maxLength: 6 }),
      stakeForces: fc.array(fc.oneof(fc.constantFrom(1n, 100_000n), fc.bigInt({ min: 1n, max: 100_000n })), {
        minLength: 6,
        maxLength: 6,
      }),
    }),
    'setConfigMulti',
    async (m, model) => {
      const [a, b, c] = m.inviteRates
      const inviteRates = a + b + c > 10_000n ? ([a, b, 10_000n - a - b] as const) : m.inviteRates
      const next = {
        inviteRates: [...inviteRates] as [bigint, bigint, bigint],
        stakeDays: m.stakeDays as [bigint, bigint, bigint, bigint, bigint, bigint],
        stakeRates: m.stakeRates as [bigint, bigint, bigint, bigint, bigint, bigint],
        stakeForces: m.stakeForces as [bigint, bigint, bigint, bigint, bigint, bigint],
      }
      const { at } = await send(model, () => mining.write.setConfigMulti([next]))
      model.configure(at, model.settings, {
        inviteRates: next.inviteRates,
        stakeRates: next.stakeRates,
        stakeForces: next.stakeForces,
      })
      model.stakeDays = [...next.stakeDays]
    },
  )
  const time = cmd(
    fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 600 }), weight: 3 },
      { arbitrary: fc.integer({ min: 600, max: 200_000 }), weight: 2 },
      { arbitrary: fc.integer({ min: 1, max: 365 * 86_400 }), weight: 1 },
    ),
    'time',
    async (seconds) => {
      await networkHelpers.time.increase(seconds)
    },
  )

  const commands = [
    deposit,
    deposit,
    deposit,
    claim,
    claim,
    release,
    fund,
    update,
    blacklist,
    settings,
    tiers,
    time,
    time,
  ]

  it('every account is credited exactly its share of the emission, in any sequence', async () => {
    await assertModelRuns({ setup, commands, maxCommands: 30, defaultRuns: 5, deepRuns: 150 })
  })

  it('a first stake of the least amount in an empty pool takes no more than its share', async () => {
    const step = (name: string, f: (model: Model) => Promise<void>): ModelCommand<Model, Real> => ({
      check: () => true,
      run: async (model) => {
        model.step++
        await f(model)
        await check(model, name)
      },
    })
    const model = await runFixed(setup, [
      step('least userMin', async (m) => {
        const config = await mining.read.getConfig()
        await send(m, () => mining.write.setConfig([{ ...config, userMin: USER_MIN_LOWEST, userMax: config.userMax }]))
        m.userMin = USER_MIN_LOWEST
      }),
      step('dust stake first', async (m) => {
        const { at } = await send(m, () => mining.write.deposit([0n, USER_MIN_LOWEST], { account: wallet(4).account }))
        m.deposit(at, address(4), 0, USER_MIN_LOWEST, referrersOf(4), () => false)
      }),
      step('funding', async (m) => {
        const { at } = await send(m, () => mining.write.addMint([parseEther('1000000')]))
        m.fund(at, parseEther('1000000'))
        m.budgetIn += parseEther('1000000')
      }),
      step('idle day', async () => {
        await networkHelpers.time.increase(600)
      }),
      ...[0, 1, 2].map((i) =>
        step(`ordinary stake ${i}`, async (m) => {
          const { at } = await send(m, () =>
            mining.write.deposit([5n, parseEther('1000')], { account: wallet(i).account }),
          )
          m.deposit(at, address(i), 5, parseEther('1000'), referrersOf(i), () => false)
        }),
      ),
      step('two days', async () => {
        await networkHelpers.time.increase(1_200)
      }),
      ...[4, 0, 1, 2].map((i) =>
        step(`claim ${i}`, async (m) => {
          const at = (await latest()) + 1n
          await networkHelpers.time.setNextBlockTimestamp(at)
          const hash = await mining.write.claimReward({ account: wallet(i).account })
          const receipt = await publicClient.getTransactionReceipt({ hash })
          const [event] = parseEventLogs({ abi: mining.abi, logs: receipt.logs, eventName: 'RewardClaimed' })
          m.fees += m.claim(at, address(i), must(event).args.amount)
        }),
      ),
    ])
    // each ordinary staker was credited within 1 wei plus its force / 1e18 per update of its exact share
    for (const i of [0, 1, 2]) assert.ok(model.takenBy(address(i)) > 0n)
    assert.ok(model.takenBy(address(4)) <= model.credited(address(4)).floor())
    await main.read.owner()
  })
})
