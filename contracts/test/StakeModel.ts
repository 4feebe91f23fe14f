// Stake's rewards against the exact reference model (test/model/stakeModel.ts, issue 32): random sequences of
// deposits (1 wei, below the round's least, ordinary, up to the account's most), claims, pool funding, the owner's
// settings within their bounds (rates, lock, day length, number of releases, fee) and time steps from a second to
// past every schedule, on the deployed Stake and on the model together (fast-check commands). After every step:
// each stake's terms are the model's, everything credited to each account (taken by claims plus its balance, due
// releases included) equals the model's exact figure within its rounding bound (one conversion from USDT to NEX per
// figure and 1 wei per release step, never above the exact figure), each claim pays its amount less exactly
// `feeRate`, and what all accounts were credited never exceeds the NEX that entered the pool. No action reverts but
// for a refusal the rules name.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import { parseEther, parseEventLogs, type Address, type Hash } from 'viem'
import { deployContractsIIISystem, join } from './InfoSystem.ts'
import { revertName } from './helpers/property.ts'
import {
  amountArbitrary,
  assertModelRuns,
  expectOutcome,
  runFixed,
  setAtLeast,
  type ModelCommand,
} from './model/harness.ts'
import { StakeModel } from './model/stakeModel.ts'
import { must, nth } from './model/nth.ts'

const ACCOUNTS = 5
const DEPOSIT_REFUSALS = ['StakeAmountOutOfRange', 'StakeNoRound', 'StakeRoundNotStarted', 'StakeInsufficientPool']

describe('Stake rewards against the exact model', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection
  const s = await deployContractsIIISystem(connection)
  const { stake, token, publicClient } = s
  const genesis = s.deployer.account.address
  const wallets = s.users.slice(0, ACCOUNTS)
  const wallet = (i: number) => nth(wallets, i, 'account')
  const parents = [-1, 0, 1, 2, -1]
  for (const [i, w] of wallets.entries()) {
    const parent = nth(parents, i)
    await join(s, w, parent < 0 ? genesis : wallet(parent).account.address, { usdt: parseEther('100000') })
  }
  await token.write.approve([stake.address, 2n ** 255n])
  const start = await networkHelpers.takeSnapshot()

  type Real = typeof s
  type Model = StakeModel & { step: number; entered: bigint; fees: bigint; least: bigint }
  const address = (i: number): Address => wallet(i).account.address
  const everyone = (): Address[] => [genesis, ...wallets.map((w) => w.account.address)]
  const referrersOf = (i: number): Address[] => {
    const p = nth(parents, i)
    if (p < 0) return [genesis]
    const q = nth(parents, p)
    return [address(p), q < 0 ? genesis : address(q)]
  }
  const latest = async () => (await publicClient.getBlock()).timestamp
  async function send(tx: () => Promise<Hash>) {
    const at = (await latest()) + 1n
    await networkHelpers.time.setNextBlockTimestamp(at)
    const hash = await tx()
    return { receipt: await publicClient.getTransactionReceipt({ hash }), at }
  }

  async function setup() {
    await start.restore()
    const config = await stake.read.getConfig()
    const model = new StakeModel(config.directRate, config.indirectRate) as Model
    model.step = 0
    model.fees = 0n
    model.least = 1n
    // the NEX that entered the pool: what it holds less what it owes nobody yet (it starts owing nothing)
    const totals = await stake.read.getTotals()
    assert.equal(totals.totalReserved + totals.totalBalance, 0n, 'the pool starts owing nothing')
    model.entered = await token.read.balanceOf([stake.address])
    return { model, real: s }
  }

  async function check(model: Model, label: string) {
    const now = await latest()
    let credited = 0n
    for (const account of everyone()) {
      const [user] = await stake.read.getUserInfo([account])
      const actual = user.balance + model.takenBy(account)
      credited += actual
      const exact = model.credited(account, now)
      const low = exact.floor() - model.slack(account, now)
      assert.ok(
        actual <= exact.floor() && actual >= low,
        `${label} (step ${model.step}): ${account} credited ${actual}, the model owes exactly ${exact} ` +
          `(allowed ${low}..${exact.floor()})`,
      )
    }
    assert.ok(credited <= model.entered + model.fees, `${label}: credited ${credited} > ${model.entered} that entered`)
    const totals = await stake.read.getTotals()
    const held = await token.read.balanceOf([stake.address])
    assert.ok(held >= totals.totalReserved + totals.totalBalance, `${label}: Stake holds ${held} < what it owes`)
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

  /** A deposit the rules may refuse only for a reason they name; applied to the model when it succeeds. */
  async function deposit(model: Model, who: number, amount: bigint) {
    const config = await stake.read.getConfig()
    const round = (await stake.read.getIdos())[Number(config.round)]
    const at = (await latest()) + 1n
    await networkHelpers.time.setNextBlockTimestamp(at)
    let hash: Hash
    try {
      hash = await stake.write.deposit([amount, 0n], { account: wallet(who).account })
    } catch (error) {
      const name = revertName(error)
      assert.ok(DEPOSIT_REFUSALS.includes(name), `deposit of ${amount} reverted with ${name}`)
      if (name === 'StakeAmountOutOfRange' && round) {
        const [user] = await stake.read.getUserInfo([address(who)])
        const max =
          config.userMax - user.amount < round.idoMax - round.idoTotal
            ? config.userMax - user.amount
            : round.idoMax - round.idoTotal
        assert.ok(amount < round.idoMin || amount > max, `deposit of ${amount} in [${round.idoMin}, ${max}] refused`)
      }
      return null
    }
    assert.ok(round, 'a deposit went into a round')
    const receipt = await publicClient.getTransactionReceipt({ hash })
    const [event] = parseEventLogs({ abi: stake.abi, logs: receipt.logs, eventName: 'Deposited' })
    assert.ok(event)
    const record = await stake.read.stakes([BigInt(model.stakes.length + 1)])
    assert.ok(record.startPrice >= round.idoPrice, 'the price is at least the round floor')
    const index = model.deposit(
      at,
      address(who),
      amount,
      record.startPrice,
      {
        idoRate: round.idoRate,
        idoFirst: round.idoFirst,
        addTime: config.addTime,
        dayTimes: config.dayTimes,
        releaseDay: config.releaseDay,
      },
      referrersOf(who),
    )
    const own = nth(model.stakes, index - 1)
    assert.equal(record.amount, amount)
    assert.equal(record.rewardMax, own.rewardMax, 'rewardMax = amount * idoRate / 10,000')
    assert.equal(record.lockTime, own.lockTime, 'locked for addTime')
    assert.equal(record.endTime, own.lockTime + own.releaseDays * own.dayTimes, 'releaseDay daily steps after the lock')
    return index
  }

  const who = fc.nat(ACCOUNTS - 1)
  const depositCmd = cmd(
    fc.record({
      who,
      amount: fc.oneof(
        fc.constantFrom(1n, parseEther('100'), parseEther('10000')),
        amountArbitrary(parseEther('12000')),
      ),
    }),
    'deposit',
    async ({ who, amount }, model) => {
      await deposit(model, who, amount)
    },
  )
  const claim = cmd(who, 'claim', async (i, model) => {
    const account = address(i)
    const before = await token.read.balanceOf([account])
    const at = (await latest()) + 1n
    await networkHelpers.time.setNextBlockTimestamp(at)
    try {
      const hash = await stake.write.claim({ account: wallet(i).account })
      const receipt = await publicClient.getTransactionReceipt({ hash })
      const [event] = parseEventLogs({ abi: stake.abi, logs: receipt.logs, eventName: 'Claimed' })
      assert.ok(event)
      const feeRate = (await stake.read.getConfig()).feeRate
      const fee = model.claim(account, event.args.amount, feeRate)
      assert.equal(event.args.fee, fee, 'the fee is feeRate of the amount')
      assert.equal((await token.read.balanceOf([account])) - before, event.args.amount - fee)
      model.fees += fee
    } catch (error) {
      await expectOutcome('claim', 'StakeNothingToClaim', () => Promise.reject(error))
      const exact = model.credited(account, at)
      assert.ok(
        exact.floor() - model.slack(account, at) <= model.takenBy(account),
        `${account}: nothing to claim, model owes ${exact}`,
      )
    }
  })
  const fund = cmd(amountArbitrary(parseEther('1000000')), 'fund', async (amount, model) => {
    await send(() => stake.write.fund([amount]))
    model.entered += amount
  })
  const settings = cmd(
    fc.record({
      addTime: fc.oneof(fc.constantFrom(0n, 600n), fc.bigInt({ min: 0n, max: 365n * 86_400n })),
      dayTimes: fc.oneof(fc.constantFrom(60n, 600n), fc.bigInt({ min: 60n, max: 7n * 86_400n })),
      directRate: fc.bigInt({ min: 0n, max: 2_000n }),
      indirectRate: fc.bigInt({ min: 0n, max: 1_000n }),
      feeRate: fc.bigInt({ min: 0n, max: 2_000n }),
      releaseDay: fc.oneof(fc.constantFrom(1n, 1_000n), fc.bigInt({ min: 1n, max: 100n })),
    }),
    'setConfig',
    async (c, model) => {
      const config = await stake.read.getConfig()
      await send(() => stake.write.setConfig([{ ...config, ...c }]))
      model.directRate = c.directRate
      model.indirectRate = c.indirectRate
    },
  )
  const time = cmd(
    fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 1_200 }), weight: 3 },
      { arbitrary: fc.integer({ min: 1_200, max: 70_000 }), weight: 2 },
      { arbitrary: fc.integer({ min: 1, max: 400 * 86_400 }), weight: 1 },
    ),
    'time',
    async (seconds) => {
      await networkHelpers.time.increase(seconds)
    },
  )

  const commands = [depositCmd, depositCmd, depositCmd, claim, claim, fund, settings, time, time, time]

  it('every account is credited exactly what its stakes and referrals earn, in any sequence', async () => {
    await assertModelRuns({ setup, commands, maxCommands: 30, defaultRuns: 5, deepRuns: 150 })
  })

  it('a first deposit of the least amount (1 wei where allowed) in an empty round takes no more than its terms give', async () => {
    const step = (name: string, f: (model: Model) => Promise<void>): ModelCommand<Model, Real> => ({
      check: () => true,
      run: async (model) => {
        model.step++
        await f(model)
        await check(model, name)
      },
    })
    const model = await runFixed(setup, [
      step('least idoMin', async (m) => {
        const round = must((await stake.read.getIdos())[0], 'round 0')
        m.least = await setAtLeast(1n, (idoMin) => stake.write.setIdo([0n, { ...round, idoMin }]))
      }),
      step('the least deposit first', async (m) => {
        assert.ok(await deposit(m, 4, m.least))
      }),
      step('funding', async (m) => {
        await send(() => stake.write.fund([parseEther('1000000')]))
        m.entered += parseEther('1000000')
      }),
      step('idle', async () => {
        await networkHelpers.time.increase(30 * 600)
      }),
      ...[0, 1, 2].map((i) => step(`ordinary ${i}`, async (m) => void (await deposit(m, i, parseEther('1000'))))),
      step('past every schedule', async () => {
        await networkHelpers.time.increase(200 * 600)
      }),
      ...[4, 0, 1, 2].map((i) =>
        step(`claim ${i}`, async (m) => {
          const hash = await stake.write.claim({ account: wallet(i).account })
          const receipt = await publicClient.getTransactionReceipt({ hash })
          const [event] = parseEventLogs({ abi: stake.abi, logs: receipt.logs, eventName: 'Claimed' })
          m.fees += m.claim(address(i), must(event).args.amount, (await stake.read.getConfig()).feeRate)
        }),
      ),
    ])
    // the least deposit earned its 1.5x in NEX, nothing more
    assert.ok(model.takenBy(address(4)) <= model.credited(address(4), await latest()).floor())
  })
})
