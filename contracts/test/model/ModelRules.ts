// Unit tests of the reference models (test/model/fomoModel.ts, test/model/doubleModel.ts): each rule on a small
// worked example, computed by hand from the documented rules (no chain).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DoubleModel, MAX_CLAIM } from './doubleModel.ts'
import { FomoModel, type FomoMulti, type FomoSettings } from './fomoModel.ts'
import { Ratio } from './ratio.ts'

const E = 10n ** 18n
const settings: FomoSettings = {
  dayTimes: 600n,
  algebra: 8n,
  feeRate: 300n,
  rewardRate: 100n,
  outDays: 30n,
  startTime: 0n,
  roundMin: 100n * E,
  roundTime: 3_600n,
  addTime: 60n,
  userMax: 100_000n * E,
  orderMin: E,
}
const multi: FomoMulti = {
  burnRates: [3_000n, 2_000n, 1_000n, 1_000n, 500n, 1_500n, 1_000n],
  teamRates: [2_500n, 5_000n, 7_500n, 10_000n],
  teamAmounts: [10_000n * E, 50_000n * E, 200_000n * E, 1_000_000n * E],
  stakeDays: [30n, 60n, 90n, 180n, 360n],
  stakeRates: [10_000n, 15_000n, 20_000n, 25_000n, 30_000n],
  stakeSurplus: [3_000n, 4_000n, 5_000n, 6_000n, 7_000n],
}
const rules = { weightFloor: 0n, precision: E, maxAmount: 10n ** 27n }
const solo = { registered: true, referrers: [] as string[] }
/** What the accumulator can share of `emission` over `weight` (RewardMath.increment's `consumed`). */
const consumed = (emission: bigint, weight: bigint) => {
  const scaled = ((emission * E) / weight) * weight
  return (scaled + E - 1n) / E
}

describe('the FOM pool model', () => {
  it('shares a drip by weight, exactly', () => {
    const m = new FomoModel(settings, multi, rules, 0n)
    m.order(0n, '0xa', 0, 1n, 100n * E, solo, true) // weight 100 USDT
    m.order(0n, '0xb', 0, 3n, 100n * E, solo, true) // weight 300 USDT
    // rest 70 + 210 USDT: gold 30 % of it (no referrers: direct, indirect and team shares go to gold too)
    assert.equal(m.gold, (280n * E * (3_000n + 1_000n + 500n + 1_500n)) / 10_000n)
    const gold = m.gold
    m.drip(600n) // one day at 1 %
    const emission = consumed(gold / 100n, 400n * E)
    assert.ok(emission <= gold / 100n && emission + 1n >= gold / 100n - (400n * E) / E)
    assert.equal(m.gold, gold - emission)
    assert.equal(m.account('0xa').staticExact.toString(), new Ratio(emission, 4n).toString())
    assert.equal(m.account('0xb').staticExact.toString(), new Ratio(emission * 3n, 4n).toString())
    assert.equal(m.balanceAt(600n, '0xb'), (emission * 3n) / 4n)
    // half a day later, pending in the view only
    assert.equal(m.staticAt(900n, '0xa').floor(), (emission + consumed(m.gold / 200n, 400n * E)) / 4n)
  })

  it('lets no emission leave the gold pool below the weight floor', () => {
    const m = new FomoModel(settings, multi, { ...rules, weightFloor: 1_000n * E }, 0n)
    m.order(0n, '0xa', 0, 1n, 100n * E, solo, true)
    const gold = m.gold
    m.drip(6_000n)
    assert.equal(m.gold, gold, 'the gold waits')
    assert.equal(m.account('0xa').staticExact.num, 0n)
    m.order(6_000n, '0xb', 0, 1n, 1_000n * E, solo, true)
    const before = m.gold
    m.drip(6_600n) // the time below the floor is not paid later: one day from the last drip
    assert.equal(m.dripped, consumed(before / 100n, 1_100n * E))
  })

  it('refuses orders below the least value, over userMax and in no tier', () => {
    const m = new FomoModel(settings, multi, rules, 0n)
    assert.deepEqual(m.order(0n, '0xa', 0, 1n, 1n, solo, true), { refused: 'FomoAmountOutOfRange' })
    assert.deepEqual(m.order(0n, '0xa', 0, 2n, 60_000n * E, solo, true), { refused: 'FomoAmountOutOfRange' })
    assert.deepEqual(m.order(0n, '0xa', 5, 1n, E, solo, true), { refused: 'FomoInvalidTier' })
    assert.deepEqual(m.order(0n, '0xa', 0, 1n, E, { registered: false, referrers: [] }, true), {
      refused: 'FomoNotRegistered',
    })
    assert.equal(m.orders.length, 0)
  })

  it('pays referral shares only to ancestors that can earn, and team differentials by level', () => {
    const m = new FomoModel(settings, multi, rules, 0n)
    // 0xc under 0xb under 0xa; 0xa reaches V1 (10,000 USDT of team) with 0xb's order
    m.order(0n, '0xa', 0, 1n, 100n * E, solo, true)
    m.order(0n, '0xb', 0, 1n, 10_000n * E, { registered: true, referrers: ['0xa'] }, true)
    const r = m.order(0n, '0xc', 0, 1n, 1_000n * E, { registered: true, referrers: ['0xb', '0xa', '0xg'] }, true)
    assert.ok(!('refused' in r))
    const rest = 700n * E
    assert.deepEqual(r.direct, [
      { account: '0xb', amount: (rest * 1_000n) / 10_000n },
      { account: '0xa', amount: (rest * 500n) / 10_000n },
    ])
    // 0xa: team 11,000 USDT -> V1 -> 25 % of the team budget; 0xb has no team of V1 yet; 0xg never ordered
    assert.deepEqual(r.team, [{ account: '0xa', amount: (((rest * 1_500n) / 10_000n) * 2_500n) / 10_000n }])
    assert.equal(r.double, (rest * 1_000n) / 10_000n)
    m.setBlacklist('0xb', true)
    const r2 = m.order(0n, '0xc', 0, 1n, 1_000n * E, { registered: true, referrers: ['0xb', '0xa'] }, true)
    assert.ok(!('refused' in r2))
    assert.deepEqual(
      r2.direct,
      [{ account: '0xa', amount: (rest * 500n) / 10_000n }],
      'a blacklisted one earns nothing',
    )
  })

  it('settles the round: the last five qualifying orders win 50/20/15/10/5 % of the pot', () => {
    const m = new FomoModel(settings, multi, rules, 0n)
    for (let k = 0; k < 6; k++) m.order(0n, `0x${k}`, 0, 1n, 100n * E, solo, true)
    m.order(0n, '0x9', 0, 1n, 99n * E, solo, true) // does not qualify
    assert.equal(m.round.endTime, 3_600n, 'capped at roundTime from now')
    const pot = m.pot
    m.updatePool(3_599n)
    assert.equal(m.round.index, 1n)
    m.updatePool(3_600n)
    assert.equal(m.round.index, 2n)
    assert.equal(m.prizeOf(1n, '0x5'), (pot * 5_000n) / 10_000n)
    assert.equal(m.prizeOf(1n, '0x1'), (pot * 500n) / 10_000n)
    assert.equal(m.prizeOf(1n, '0x0'), 0n)
    assert.deepEqual(m.claimPrize(3_700n, '0x0', 1n), { refused: 'FomoNoPrize' })
    assert.deepEqual(m.claimPrize(3_700n, '0x1', 2n), { refused: 'FomoRoundNotSettled' })
    const prize = m.claimPrize(3_700n, '0x5', 1n)
    assert.ok(!('refused' in prize))
    assert.equal(prize.paid, prize.amount - (prize.amount * 300n) / 10_000n)
    assert.equal(m.prizeOf(1n, '0x5'), 0n)
  })

  it('releases: the owner after the lock, others after outDays more (credited), the keeper earliest first', () => {
    const m = new FomoModel(settings, multi, rules, 0n)
    m.order(0n, '0xa', 0, 1n, 100n * E, solo, true) // ends at 30 days, forced from 60
    m.order(0n, '0xb', 1, 1n, 100n * E, solo, true) // ends at 60 days
    const day = 600n
    assert.deepEqual(m.release(29n * day, '0xa', 1n), { refused: 'FomoOrderLocked' })
    assert.deepEqual(m.release(30n * day, '0xb', 1n), { refused: 'FomoForceOutTooEarly' })
    assert.deepEqual(m.release(30n * day, '0xa', 1n), { paid: 30n * E, forced: false })
    assert.deepEqual(m.release(30n * day, '0xa', 1n), { refused: 'FomoOrderNotActive' })
    assert.deepEqual(m.due(90n * day - 1n), [])
    assert.deepEqual(m.processExpired(90n * day, 100), [2n])
    assert.equal(m.account('0xb').forced, 40n * E)
    assert.equal(m.totalWeight, 0n)
  })

  it('keeps the static slack of each drip and settlement', () => {
    const m = new FomoModel(settings, multi, rules, 0n)
    m.addBalance(0n, 1_000n * E)
    m.order(0n, '0xa', 0, 1n, 3n * E, solo, true)
    const slack = m.account('0xa').staticSlack
    m.drip(10n)
    assert.equal(m.account('0xa').staticSlack, slack + 1n)
    const { expected, slack: claimSlack } = m.claimQuote(10n, '0xa')
    assert.equal(expected, m.account('0xa').staticExact.floor())
    assert.equal(claimSlack, slack + 2n)
  })
})

describe('the Double model', () => {
  const config = { dayTimes: 600n, feeRate: 300n, price: 100n } // 100 days

  it('vests 2x linearly and pays within what the pool holds, the fee staying', () => {
    const d = new DoubleModel(config)
    const r = d.deposit(0n, '0xa', 100n * E)
    assert.equal(r.endTime, 100n * 600n)
    assert.equal(DoubleModel.vested(r, 600n), 2n * E)
    assert.equal(d.claimable(600n, '0xa'), 2n * E)
    const c = d.claim(600n, '0xa')
    assert.ok(!('refused' in c))
    assert.equal(c.paid, 2n * E - (2n * E * 300n) / 10_000n)
    assert.equal(d.held, 100n * E - c.paid)
    // the whole reward is 200 USDT but the pool holds less: a claim pays what it holds
    assert.equal(d.claimable(60_000n, '0xa'), d.held)
    d.claim(60_000n, '0xa')
    assert.equal(d.held, ((d.account('0xa').released - 2n * E) * 300n) / 10_000n, 'the fee of a claim stays')
    d.inflow(500n * E)
    const last = d.claim(60_000n, '0xa')
    assert.ok(!('refused' in last))
    assert.equal(r.released, 200n * E, 'never more than 2x')
    assert.equal(d.claimable(70_000n, '0xa'), 0n)
    assert.deepEqual(d.claim(70_000n, '0xa'), { refused: 'DoubleNothingToClaim' })
  })

  it('pays at most MAX_CLAIM records a claim, from the oldest not fully paid', () => {
    const d = new DoubleModel(config)
    d.inflow(10_000n * E)
    for (let k = 0; k < MAX_CLAIM + 5; k++) d.deposit(0n, '0xa', E)
    const first = d.claim(60_000n, '0xa')
    assert.ok(!('refused' in first))
    assert.equal(first.released, BigInt(MAX_CLAIM) * 2n * E)
    assert.equal(d.claimable(60_000n, '0xa'), 5n * 2n * E)
  })
})
