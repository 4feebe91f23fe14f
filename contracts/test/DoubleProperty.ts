// Issue 19 property test for Double (fast-check, test/helpers/property.ts): random sequences of deposits (an account's
// own, a depositor's for a buyer, a stranger's for someone else, 1 wei to large; a depositor's record paid by a
// transfer first, in full, short or not at all, 1 wei to the largest deposit), FOM orders that pay Double its
// share, claims, USDT arriving from outside, the owner's withdrawExcess, pause and unpause, the owner's setConfig
// with random values (mostly within bounds, some outside) and time jumps. Double pays the doubled amount only from
// what it holds (issue 19 finding 8, by design), so held >= owed is not a property; instead, after every action:
// - no action reverted except with one of its documented user errors, and a deposit that no user error applies to
//   succeeded (a stranger can never open a record for someone else: finding 7); a depositor's record paid by a
//   transfer opens exactly when the pool holds every deposit made less every payout (USDT from outside is the only
//   slack), else `DoubleNotPaid`;
// - every record's terms never change; `released` only grows, only by a claim of its owner, never beyond what has
//   vested at that time nor beyond twice the amount (nobody is paid twice); a record is valid exactly while not
//   fully released;
// - a claim releases at least what `getUserInfo(...).balance` showed before it, pays the caller exactly the released
//   amount less the fee (the fee stays in the pool), and goes through whenever that balance is non-zero, while paused
//   and while `openClaim` is false too (those stop only deposits and FOM orders); the final claims run with
//   whatever config and pause the sequence left;
// - the pool's figures: `getSolvency()` held = its USDT, owed = the sum of every valid record's outstanding reward
//   (recounted); `totalRelease` = the sum of the records' `released`; the USDT held = all that came in less all paid;
// - the line views: for every record, `getLine` gives position 1 + the valid records before it, `owedAhead` their
//   outstanding sum, `owedSelf` its own (position 0 for a record that is done);
// - withdrawExcess takes exactly up to held - owed, never more; setConfig accepts exactly the values within bounds,
//   others revert with ValueOutOfBounds and change nothing.
// FUZZ_DEEP=1 runs many more; FC_SEED=<seed> replays a printed failure.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import { getAddress, parseEther, parseEventLogs, type Address } from 'viem'
import { attempt, fcParameters, outcome } from './helpers/property.ts'
import { deployContractsIIISystem, join } from './InfoSystem.ts'

const BPS = 10_000n
const USERS = 5
const MAX_CLAIM = 20n
const MAX_AMOUNT = 10n ** 28n

const user = fc.nat(USERS - 1)
const usdtAmount = fc.oneof(
  fc.constant(1n), // 1 wei (the dust records of finding 7)
  fc.bigInt({ min: 1n, max: parseEther('50') }),
  fc.integer({ min: 1, max: 5_000 }).map((v) => parseEther(String(v))),
)
const actionArbitrary = fc.oneof(
  {
    // who: null = the user itself; 'depositor' = an allowed depositor (a FOM pool's stand-in); 'stranger' = anyone
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      user,
      by: fc.constantFrom(null, 'depositor' as const, 'stranger' as const),
      amount: usdtAmount,
    }),
    weight: 6,
  },
  {
    // a depositor's record paid by a transfer first (as the FOM pools pay their share): paid in full, short or not
    // at all, by the allowed depositor or a stranger; 1 wei to the largest deposit
    arbitrary: fc.record({
      kind: fc.constant('depositFor' as const),
      user,
      by: fc.constantFrom('depositor' as const, 'stranger' as const),
      paid: fc.constantFrom('full' as const, 'short' as const, 'none' as const),
      amount: fc.oneof(usdtAmount, fc.constant(MAX_AMOUNT)),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('fomoOrder' as const),
      user,
      tier: fc.nat(4),
      usdt: fc.integer({ min: 10, max: 2_000 }), // a FOM order is at least orderMin (10 USDT)
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('claim' as const), user }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('fund' as const), amount: usdtAmount }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amount: usdtAmount, all: fc.boolean() }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('pause' as const), on: fc.boolean() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('config' as const),
      dayTimes: fc.oneof(fc.integer({ min: 60, max: 1_200 }), fc.constantFrom(59, 7 * 86_400, 7 * 86_400 + 1)),
      feeRate: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.constant(2_001)),
      price: fc.oneof(fc.integer({ min: 10, max: 10_000 }), fc.constantFrom(9, 10_001, 0)),
      openClaim: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      seconds: fc.oneof(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 600, max: 200_000 })),
    }),
    weight: 3,
  },
)
type Action = typeof actionArbitrary extends fc.Arbitrary<infer T> ? T : never

describe('Double properties (random deposits, claims and config)', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    const users = s.users.slice(0, USERS)
    const depositor = s.users[USERS]
    const stranger = s.users[USERS + 1]
    assert.ok(depositor && stranger)
    for (const u of [...users, depositor, stranger]) {
      await join(s, u, s.deployer.account.address, { usdt: parseEther('10000000') })
    }
    await s.double.write.setDepositor([depositor.account.address, true])
    return { ...s, users, depositor, stranger }
  }
  type System = Awaited<ReturnType<typeof fixture>>
  type RecordView = Awaited<ReturnType<System['double']['read']['records']>>

  const vested = (r: RecordView, at: bigint) =>
    at >= r.endTime ? r.reward : (r.reward * (at - r.startTime)) / (r.endTime - r.startTime)

  async function run(s: System, actions: Action[]) {
    const { double, usdt } = s
    let previous: RecordView[] = []
    /** USDT that came into Double less what it paid out (deposits, FOM shares, funding, claims, withdrawals). */
    let expectedHeld = await usdt.read.balanceOf([double.address])
    const latest = async () => (await s.publicClient.getBlock()).timestamp

    for (const [step, action] of actions.entries()) {
      const label = `step ${step} ${JSON.stringify(action, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`
      /** record index -> released by the claim of this step (checked against the records below) */
      const releasedNow = new Map<bigint, bigint>()
      let claimer: Address | undefined
      let claimTime = 0n
      switch (action.kind) {
        case 'deposit': {
          const account = s.users[action.user]?.account.address as Address
          const from = action.by === null ? s.users[action.user] : action.by === 'depositor' ? s.depositor : s.stranger
          assert.ok(from)
          const paused = await double.read.paused()
          const { openClaim } = await double.read.getConfig()
          const failed = await outcome(
            label,
            ['DoubleAmountOutOfRange', 'DoubleNotDepositor', 'EnforcedPause', 'DoubleDepositsClosed'],
            () => double.write.deposit([account, action.amount, 0n], { account: from.account }),
          )
          const may = !paused && openClaim && action.by !== 'stranger'
          assert.equal(failed === null, may, `${label}: a deposit succeeds exactly when no user error applies`)
          if (action.by === 'stranger' && !paused) assert.equal(failed, 'DoubleNotDepositor', `${label}: finding 7`)
          if (failed === null) expectedHeld += action.amount
          break
        }
        case 'depositFor': {
          const account = s.users[action.user]?.account.address as Address
          const from = action.by === 'depositor' ? s.depositor : s.stranger
          const paused = await double.read.paused()
          const { openClaim } = await double.read.getConfig()
          const paid = action.paid === 'full' ? action.amount : action.paid === 'short' ? action.amount - 1n : 0n
          if (paid > 0n) {
            await usdt.write.mint([from.account.address, paid])
            await usdt.write.transfer([double.address, paid], { account: from.account })
            expectedHeld += paid // a payment that opens no record stays in the pool, like USDT from outside
          }
          // what the pool holds beyond every deposit made less every payout: USDT that came from outside
          const totals = await double.read.getTotals()
          const slack = expectedHeld - (totals.totalAmount - totals.totalExtract)
          const failed = await outcome(
            label,
            ['DoubleNotDepositor', 'EnforcedPause', 'DoubleDepositsClosed', 'DoubleNotPaid'],
            () => double.write.depositFor([account, action.amount, 3n], { account: from.account }),
          )
          const may = action.by === 'depositor' && !paused && openClaim && slack >= action.amount
          assert.equal(failed === null, may, `${label}: a depositor's record opens exactly when it is paid`)
          if (action.by === 'stranger' && !paused)
            assert.equal(failed, 'DoubleNotDepositor', `${label}: only a depositor`)
          if (action.by === 'depositor' && !paused && openClaim && slack < action.amount)
            assert.equal(failed, 'DoubleNotPaid', `${label}: an unpaid record is refused`)
          break
        }
        case 'fomoOrder': {
          const u = s.users[action.user]
          assert.ok(u)
          const paused = await double.read.paused()
          const { openClaim } = await double.read.getConfig()
          const before = await usdt.read.balanceOf([double.address])
          // a paused or closed Double refuses the pool's share, so the order (an inflow) waits too
          const ok = await attempt(label, ['EnforcedPause', 'DoubleDepositsClosed'], () =>
            s.fomo.write.burn([BigInt(action.tier), 1n, parseEther(String(action.usdt)), true], { account: u.account }),
          )
          assert.equal(ok, !paused && openClaim, `${label}: a FOM order goes through unless Double is paused or closed`)
          expectedHeld += (await usdt.read.balanceOf([double.address])) - before // the order's Double share
          break
        }
        case 'claim': {
          const u = s.users[action.user]
          assert.ok(u)
          claimer = getAddress(u.account.address)
          const [info] = await double.read.getUserInfo([claimer])
          const { feeRate } = await double.read.getConfig()
          const userBefore = await usdt.read.balanceOf([claimer])
          let hash: `0x${string}` | undefined
          const failed = await outcome(label, ['DoubleNothingToClaim'], async () => {
            hash = await double.write.claim({ account: u.account })
          })
          // neither a pause nor openClaim = false stops a claim of what vested (issue 19: no flag strands money)
          if (info.balance > 0n) assert.equal(failed, null, `${label}: a claim of ${info.balance} succeeds`)
          if (failed !== null || !hash) break
          const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
          claimTime = (await s.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp
          const events = parseEventLogs({ abi: double.abi, logs: receipt.logs })
          let released = 0n
          for (const e of events) {
            if (e.eventName !== 'Released') continue
            assert.equal(getAddress(e.args.account), claimer, `${label}: Released for the claimer`)
            releasedNow.set(e.args.index, (releasedNow.get(e.args.index) ?? 0n) + e.args.amount)
            released += e.args.amount
          }
          const claimed = events.find((e) => e.eventName === 'Claimed')
          assert.ok(claimed && claimed.eventName === 'Claimed', `${label}: Claimed`)
          assert.equal(claimed.args.amount, released, `${label}: Claimed is the sum of the releases`)
          assert.ok(released >= info.balance, `${label}: released ${released} < the balance shown ${info.balance}`)
          const fee = (released * feeRate) / BPS
          assert.equal(claimed.args.fee, fee, `${label}: the fee`)
          assert.equal((await usdt.read.balanceOf([claimer])) - userBefore, released - fee, `${label}: paid`)
          expectedHeld -= released - fee
          break
        }
        case 'fund':
          await usdt.write.mint([double.address, action.amount])
          expectedHeld += action.amount
          break
        case 'withdraw': {
          const [held, owed] = await double.read.getSolvency()
          const excess = held > owed ? held - owed : 0n
          const amount = action.all ? excess : action.amount
          const ok = await attempt(label, ['NexusWithdrawExceedsExcess'], () =>
            double.write.withdrawExcess([usdt.address, s.deployer.account.address, amount]),
          )
          assert.equal(ok, amount <= excess, `${label}: withdrawExcess takes exactly up to held - owed (${excess})`)
          if (ok) expectedHeld -= amount
          break
        }
        case 'pause': {
          const paused = await double.read.paused()
          if (action.on && !paused) await double.write.pause()
          if (!action.on && paused) await double.write.unpause()
          break
        }
        case 'config': {
          const before = await double.read.getConfig()
          const config = {
            dayTimes: BigInt(action.dayTimes),
            feeRate: BigInt(action.feeRate),
            price: BigInt(action.price),
            openClaim: action.openClaim,
          }
          const within =
            config.dayTimes >= 60n &&
            config.dayTimes <= 7n * 86_400n &&
            config.feeRate <= 2_000n &&
            config.price >= 10n &&
            config.price <= BPS
          const ok = await attempt(label, ['ValueOutOfBounds'], () => double.write.setConfig([config]))
          assert.equal(ok, within, `${label}: setConfig accepts exactly the config within bounds`)
          assert.deepEqual(await double.read.getConfig(), ok ? config : before, `${label}: the config after`)
          break
        }
        case 'time':
          await networkHelpers.time.increase(action.seconds)
          break
      }

      // the records: terms fixed, `released` grows only by this step's claim, within the schedule and 2x
      const totals = await double.read.getTotals()
      const records = await Promise.all(
        Array.from({ length: Number(totals.totalStakes) }, (_, k) => double.read.records([BigInt(k + 1)])),
      )
      let owed = 0n
      let released = 0n
      for (const [k, r] of records.entries()) {
        const old = previous[k]
        if (old) {
          const { released: a, isValid: _a, ...terms } = r
          const { released: b, isValid: _b, ...oldTerms } = old
          assert.deepEqual(terms, oldTerms, `${label}: the terms of record ${r.index} never change`)
          assert.equal(a - b, releasedNow.get(r.index) ?? 0n, `${label}: record ${r.index} released by a claim only`)
          if (a > b) {
            assert.equal(r.owner, claimer, `${label}: only the owner's claim releases record ${r.index}`)
            assert.ok(a <= vested(r, claimTime), `${label}: record ${r.index} released ahead of its schedule`)
          }
        } else {
          assert.equal(r.reward, r.amount * 2n, `${label}: record ${r.index} pays 2x`)
          const { price, dayTimes } = await double.read.getConfig()
          assert.equal(r.price, price, `${label}: record ${r.index} at the current price`)
          assert.equal(r.endTime - r.startTime, ((BPS + price - 1n) / price) * dayTimes, `${label}: its end`)
        }
        assert.ok(r.released <= r.reward, `${label}: record ${r.index} paid beyond 2x (paid twice)`)
        assert.equal(r.isValid, r.released < r.reward, `${label}: record ${r.index} is valid while not fully paid`)
        if (r.isValid) owed += r.reward - r.released
        released += r.released
      }
      previous = records

      // the pool's figures and the line views, recounted
      const held = await usdt.read.balanceOf([double.address])
      assert.equal(held, expectedHeld, `${label}: the USDT held is all that came in less all paid out`)
      assert.deepEqual(await double.read.getSolvency(), [held, owed], `${label}: getSolvency (held, owed)`)
      assert.equal(totals.totalRelease, released, `${label}: totalRelease is the sum of the records' releases`)
      const lines = await Promise.all(records.map((r) => double.read.getLine([r.index])))
      let position = 0n
      let ahead = 0n
      for (const [k, r] of records.entries()) {
        const line = lines[k]
        assert.ok(line)
        assert.equal(line.held, held, `${label}: line ${r.index} held`)
        assert.equal(line.owed, owed, `${label}: line ${r.index} owed`)
        if (!r.isValid) {
          assert.equal(line.position, 0n, `${label}: a finished record ${r.index} has no place in line`)
          continue
        }
        position++
        assert.deepEqual(
          { position: line.position, owedAhead: line.owedAhead, owedSelf: line.owedSelf, complete: line.complete },
          { position, owedAhead: ahead, owedSelf: r.reward - r.released, complete: true },
          `${label}: line of record ${r.index}`,
        )
        ahead += r.reward - r.released
      }
    }

    // at the end: with enough USDT in the pool, everyone's claims (in windows of MAX_CLAIM records) pay out every
    // record in full, paused or not, openClaim or not
    const [held, owed] = await double.read.getSolvency()
    if (owed > held) await usdt.write.mint([double.address, owed - held])
    const lastEnd = previous.reduce((max, r) => (r.endTime > max ? r.endTime : max), 0n)
    const now = await latest()
    if (lastEnd >= now) await networkHelpers.time.increase(lastEnd - now + 1n)
    for (const u of s.users) {
      const { stakes } = (await double.read.getUserInfo([u.account.address]))[0]
      for (let k = 0n; k <= stakes / MAX_CLAIM; k++) {
        await attempt('final claim', ['DoubleNothingToClaim'], () => double.write.claim({ account: u.account }))
      }
      const [info] = await double.read.getUserInfo([u.account.address])
      assert.equal(info.amount, 0n, `every record of ${u.account.address} is paid in full`)
    }
    assert.deepEqual(await double.read.getSolvency(), [await usdt.read.balanceOf([double.address]), 0n])
  }

  it('records pay on schedule, never twice; the pool figures and the line views match a recount', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArbitrary, { minLength: 5, maxLength: 40 }), async (actions) =>
        run(await networkHelpers.loadFixture(fixture), actions),
      ),
      fcParameters(8, 200),
    )
  })

  it('fixed case: more records than one claim window, dust and all, pay out in full over several claims', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const deposits: Action[] = Array.from({ length: 25 }, (_, k) => ({
      kind: 'deposit' as const,
      user: 0,
      by: k % 2 === 0 ? null : ('depositor' as const),
      amount: k % 5 === 0 ? 1n : parseEther(String(10 + k)),
    }))
    await run(s, [
      ...deposits,
      { kind: 'time', seconds: 30_000 },
      { kind: 'claim', user: 0 },
      { kind: 'deposit', user: 1, by: 'stranger', amount: 1n },
      { kind: 'depositFor', user: 1, by: 'depositor', paid: 'none', amount: 1n },
      { kind: 'depositFor', user: 1, by: 'depositor', paid: 'full', amount: 1n },
      { kind: 'depositFor', user: 2, by: 'depositor', paid: 'short', amount: MAX_AMOUNT },
      { kind: 'depositFor', user: 2, by: 'depositor', paid: 'full', amount: MAX_AMOUNT },
      { kind: 'depositFor', user: 2, by: 'stranger', paid: 'full', amount: MAX_AMOUNT },
      { kind: 'time', seconds: 100_000 },
      { kind: 'claim', user: 0 },
      { kind: 'claim', user: 0 },
    ])
  })
})
