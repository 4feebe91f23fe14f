// The reference model of one FOM pool's accounting (the FOM pool and the super FOM pool are two deployments of
// Fomo.sol), written from the rules as documented (SPEC.md §3/§7, contracts/README.md, docs/contractsIII.md and
// IFomo's NatSpec), not from the Solidity code: what every account is owed after any sequence of actions.
//
// The rules it keeps (amounts in USDT base units, rates in basis points, times in seconds):
// - An order of value `v` in tier `t` (refused below `orderMin`, above what `userMax` leaves the account, in a tier
//   that does not exist, before `startTime`, for an unregistered or blacklisted account) locks the principal
//   `v * stakeSurplus[t] / BPS` until `now + stakeDays[t] * dayTimes` and gives the account the weight
//   `v * stakeRates[t] / BPS`. The rest is split by `burnRates`: pot, Double (a record for the buyer), direct and
//   indirect referrer (only an ancestor that can earn: it has a locked order and is not blacklisted; the indirect one
//   only while `algebra > 1`), team (differential by level within `algebra` generations, levels from the team amount
//   of the 8 generations below), burn share; the remainder and every share without a recipient go to the gold pool.
// - Static rewards: at every drip the gold pool pays `gold * rewardRate * elapsed / (BPS * dayTimes)` (rounded
//   down, at most the gold pool) to the holders of weight, each its exact part `emission * weight / totalWeight`.
//   While the total weight is below the weight floor, no emission leaves the pool (the time passes, the gold stays).
//   What leaves the gold pool at a drip is what the accumulator can share of that amount (RewardMath.increment's
//   `consumed`: the increment `floor(emission * precision / totalWeight)` times the total weight, rounded up); the
//   rounding stays in the gold pool and drips later. A drip happens at the start of every order, release, forced
//   release, claim, updatePool, updateUser, addBalance and setConfig. An account is never paid more than its exact
//   share and less by at most `staticSlack(account)`: one wei per drip while it holds weight (the increment's
//   rounding, `< weight / totalWeight` wei) and one per settlement of its weight (an order, release, claim or
//   updateUser of it), plus one.
// - The round game: an order of at least `roundMin` qualifies; the first starts the clock at `now + roundTime`, each
//   later one moves the end to `min(end + addTime, now + roundTime)`. Once `now >= end`, the next order, claim or
//   updatePool (upkeep) settles the round first: the last (up to) 5 qualifying orders win 50/20/15/10/5 % of the pot
//   (latest first, each rounded down); the rest stays in the pot. A winner claims its positions of a settled round once.
// - A claim of the balance pays everything credited (direct, indirect, team, static, forced-out principals) less what
//   was claimed; `feeRate` of every claim (balance or prize) goes to the gold pool.
// - The owner releases its order from `endTime` on (principal paid out); anyone else from `endTime + outDays *
//   dayTimes` on (principal credited to the owner's balance); the keeper's batch forces out the due orders, earliest
//   force time first. An order out of the lock leaves its weight and amount.
import { Ratio } from './ratio.ts'

export const BPS = 10_000n
/** The pot shares of the last five qualifying orders, latest first. */
export const WINNER_SHARES = [5_000n, 2_000n, 1_500n, 1_000n, 500n] as const
/** How many generations below an account its team amount counts. */
export const TEAM_DEPTH = 8
export const TIERS = 5
export const MAX_TIMES = 10n

export type FomoSettings = {
  dayTimes: bigint
  algebra: bigint
  feeRate: bigint
  rewardRate: bigint
  outDays: bigint
  startTime: bigint
  roundMin: bigint
  roundTime: bigint
  addTime: bigint
  userMax: bigint
  /** the least order value (the rules' minimum; a lower one is refused) */
  orderMin: bigint
}

export type FomoMulti = {
  burnRates: readonly bigint[] // gold, pot, double, direct, indirect, team, burn
  teamRates: readonly bigint[]
  teamAmounts: readonly bigint[]
  stakeDays: readonly bigint[]
  stakeRates: readonly bigint[]
  stakeSurplus: readonly bigint[]
}

/** The pool's constants that the settings do not carry. */
export type FomoRules = {
  /** no emission while the total weight is below this */
  weightFloor: bigint
  /** the accumulator's scale (RewardMath.PRECISION) */
  precision: bigint
  /** the largest `amount` of one order (times * amount is the value) */
  maxAmount: bigint
}

export type OrderStatus = 'locked' | 'released' | 'forced'

export type ModelOrder = {
  index: bigint
  owner: string
  tier: number
  amount: bigint
  principal: bigint
  weight: bigint
  endTime: bigint
  status: OrderStatus
}

export type ModelAccount = {
  weight: bigint
  /** USDT of its orders in the lock */
  amount: bigint
  blacklisted: boolean
  direct: bigint
  indirect: bigint
  team: bigint
  /** principals of its orders forced out by others, credited to its balance */
  forced: bigint
  /** claimed from the balance (what the pool paid, fee included) */
  claimed: bigint
  /** its exact static reward, all ever */
  staticExact: Ratio
  /** how far below `staticExact` the pool's figure may be (see the header) */
  staticSlack: bigint
  /** USDT that left the pool for it: releases, balance and prize claims after the fee */
  paid: bigint
}

export type RoundRecord = { index: bigint; pot: bigint; winners: bigint[]; claimed: boolean[] }

/** A refusal the rules name (the contract's custom error). */
export type Refusal = { refused: string }

export type OrderResult = {
  index: bigint
  principal: bigint
  weight: bigint
  /** the buyer's Double record: its amount (0: none) */
  double: bigint
  direct: { account: string; amount: bigint }[]
  team: { account: string; amount: bigint }[]
  gold: bigint
  pot: bigint
  burn: bigint
}

export type Lineage = {
  /** registered in Main */
  registered: boolean
  /** its ancestors, nearest first (at least max(algebra, 8) of them, or all there are) */
  referrers: readonly string[]
}

function bps(amount: bigint, rate: bigint) {
  return (amount * rate) / BPS
}

/** The team level of a team amount: the highest L whose non-zero threshold `teamAmounts[L-1]` it reaches. */
export function teamLevel(teamAmount: bigint, thresholds: readonly bigint[]) {
  for (let level = thresholds.length; level > 0; level--) {
    const threshold = thresholds[level - 1] ?? 0n
    if (threshold !== 0n && teamAmount >= threshold) return level
  }
  return 0
}

export class FomoModel {
  settings: FomoSettings
  multi: FomoMulti
  readonly rules: FomoRules
  /** the gold pool (static rewards drip from it) */
  gold = 0n
  pot = 0n
  /** the burn share waiting for the buy-and-burn */
  burnSurplus = 0n
  /** principals of locked orders */
  locked = 0n
  /** what the pool has dripped, all ever (owed to the holders of weight) */
  dripped = 0n
  totalWeight = 0n
  lastDrip: bigint
  /** what entered the pool: orders' USDT and addBalance */
  entered = 0n
  /** what left the pool to accounts, to Double and to the buy-and-burn */
  toDouble = 0n
  burned = 0n
  readonly orders: ModelOrder[] = []
  readonly accounts = new Map<string, ModelAccount>()
  readonly teamAmount = new Map<string, bigint>()
  round = { index: 1n, endTime: 0n, ring: [] as bigint[] }
  readonly rounds = new Map<bigint, RoundRecord>()

  constructor(settings: FomoSettings, multi: FomoMulti, rules: FomoRules, openedAt: bigint) {
    this.settings = { ...settings }
    this.multi = structuredClone(multi) as FomoMulti
    this.rules = rules
    this.lastDrip = openedAt
  }

  account(address: string): ModelAccount {
    const key = address.toLowerCase()
    let a = this.accounts.get(key)
    if (!a) {
      a = {
        weight: 0n,
        amount: 0n,
        blacklisted: false,
        direct: 0n,
        indirect: 0n,
        team: 0n,
        forced: 0n,
        claimed: 0n,
        staticExact: Ratio.ZERO,
        staticSlack: 1n,
        paid: 0n,
      }
      this.accounts.set(key, a)
    }
    return a
  }

  private canEarn(address: string) {
    const a = this.accounts.get(address.toLowerCase())
    return a !== undefined && a.amount > 0n && !a.blacklisted
  }

  // --- static rewards ---------------------------------------------------------------------------------------

  /** The emission a drip at `now` would take from the gold pool (0 below the weight floor): what the accumulator can
   * share of `gold * rewardRate * elapsed / (BPS * dayTimes)` (at most the gold pool), that is `ceil(inc * W / P)`
   * with the increment `inc = floor(emission * P / W)` (RewardMath.increment); the rest stays in the gold pool. */
  pendingEmission(now: bigint): bigint {
    const w = this.totalWeight
    if (now <= this.lastDrip || w === 0n || w < this.rules.weightFloor) return 0n
    let emission = (this.gold * this.settings.rewardRate * (now - this.lastDrip)) / (BPS * this.settings.dayTimes)
    if (emission > this.gold) emission = this.gold
    const p = this.rules.precision
    const scaled = ((emission * p) / w) * w
    return scaled / p + (scaled % p === 0n ? 0n : 1n)
  }

  /** Brings the gold pool's drip up to `now`: the emission leaves the gold pool, each holder of weight is owed its
   * exact part `emission * weight / totalWeight`. */
  drip(now: bigint) {
    if (now <= this.lastDrip) return
    const emission = this.pendingEmission(now)
    this.lastDrip = now
    if (emission === 0n) return
    this.gold -= emission
    this.dripped += emission
    for (const a of this.accounts.values()) {
      if (a.weight === 0n) continue
      a.staticExact = a.staticExact.add(new Ratio(emission * a.weight, this.totalWeight))
      a.staticSlack += 1n
    }
  }

  /** `account`'s exact static reward if the pool dripped at `now` (a view: nothing changes). */
  staticAt(now: bigint, address: string): Ratio {
    const a = this.account(address)
    const emission = this.pendingEmission(now)
    if (emission === 0n || a.weight === 0n) return a.staticExact
    return a.staticExact.add(new Ratio(emission * a.weight, this.totalWeight))
  }

  /** The slack of `account`'s static figure at `now` (a pending drip counts as one more). */
  slackAt(now: bigint, address: string): bigint {
    const a = this.account(address)
    return a.staticSlack + (this.pendingEmission(now) > 0n && a.weight > 0n ? 1n : 0n)
  }

  /** What `account`'s balance holds at `now` without its static rounding: the credits, the exact static reward
   * (rounded down), less what it claimed. The pool's figure is at most this and at least this less `slackAt`. */
  balanceAt(now: bigint, address: string): bigint {
    const a = this.account(address)
    return a.direct + a.indirect + a.team + a.forced + this.staticAt(now, address).floor() - a.claimed
  }

  private settle(a: ModelAccount) {
    a.staticSlack += 1n
  }

  // --- the round game ---------------------------------------------------------------------------------------

  /** Settles the round if its clock ran out by `now`. */
  settleRound(now: bigint) {
    const r = this.round
    if (r.endTime === 0n || now < r.endTime) return
    const pot = this.pot
    let paid = 0n
    r.ring.forEach((_, i) => (paid += bps(pot, WINNER_SHARES[i] ?? 0n)))
    this.rounds.set(r.index, { index: r.index, pot, winners: [...r.ring], claimed: r.ring.map(() => false) })
    this.pot = pot - paid
    this.round = { index: r.index + 1n, endTime: 0n, ring: [] }
  }

  private joinRound(now: bigint, orderIndex: bigint) {
    const r = this.round
    const cap = now + this.settings.roundTime
    const end = r.endTime === 0n ? cap : r.endTime + this.settings.addTime
    r.endTime = end < cap ? end : cap
    r.ring = [orderIndex, ...r.ring].slice(0, WINNER_SHARES.length)
  }

  /** What `account` can still claim from settled round `round`. */
  prizeOf(round: bigint, address: string): bigint {
    const record = this.rounds.get(round)
    if (!record) return 0n
    let prize = 0n
    record.winners.forEach((order, i) => {
      if (!record.claimed[i] && this.orders[Number(order) - 1]?.owner === address.toLowerCase()) {
        prize += bps(record.pot, WINNER_SHARES[i] ?? 0n)
      }
    })
    return prize
  }

  /** Prizes of settled rounds not claimed yet. */
  unclaimedPrizes(): bigint {
    let sum = 0n
    for (const record of this.rounds.values()) {
      record.winners.forEach((_, i) => {
        if (!record.claimed[i]) sum += bps(record.pot, WINNER_SHARES[i] ?? 0n)
      })
    }
    return sum
  }

  // --- actions ----------------------------------------------------------------------------------------------

  /** An order of `times * amount` USDT in tier `tier` by `buyer`; `doubleOpen`: the pool pays Double a share. */
  order(
    now: bigint,
    buyer: string,
    tier: number,
    times: bigint,
    amount: bigint,
    lineage: Lineage,
    doubleOpen: boolean,
  ): OrderResult | Refusal {
    const key = buyer.toLowerCase()
    const s = this.settings
    const m = this.multi
    if (tier < 0 || tier >= TIERS) return { refused: 'FomoInvalidTier' }
    if (times === 0n || times > MAX_TIMES) return { refused: 'FomoTimesOutOfRange' }
    if (this.accounts.get(key)?.blacklisted) return { refused: 'FomoBlacklisted' }
    if (now < s.startTime) return { refused: 'FomoNotStarted' }
    if (!lineage.registered) return { refused: 'FomoNotRegistered' }
    const current = this.accounts.get(key)?.amount ?? 0n
    const room = s.userMax > current ? s.userMax - current : 0n
    const value = times * amount
    if (amount > this.rules.maxAmount || value < s.orderMin || value === 0n || value > room) {
      return { refused: 'FomoAmountOutOfRange' }
    }
    this.settleRound(now)
    this.drip(now)
    const a = this.account(key)
    this.settle(a)
    const actual = value
    const principal = bps(actual, m.stakeSurplus[tier] ?? 0n)
    const weight = bps(actual, m.stakeRates[tier] ?? 0n)
    const index = BigInt(this.orders.length + 1)
    this.orders.push({
      index,
      owner: key,
      tier,
      amount: actual,
      principal,
      weight,
      endTime: now + (m.stakeDays[tier] ?? 0n) * s.dayTimes,
      status: 'locked',
    })
    a.weight += weight
    a.amount += actual
    this.totalWeight += weight
    this.locked += principal
    this.entered += actual
    if (actual >= s.roundMin) this.joinRound(now, index)

    // the split of the rest
    const rest = actual - principal
    const rates = m.burnRates
    const pot = bps(rest, rates[1] ?? 0n)
    const double = doubleOpen ? bps(rest, rates[2] ?? 0n) : 0n
    const direct: OrderResult['direct'] = []
    const referrers = lineage.referrers.map((r) => r.toLowerCase())
    const directShare = bps(rest, rates[3] ?? 0n)
    if (referrers[0] !== undefined && directShare > 0n && this.canEarn(referrers[0])) {
      this.account(referrers[0]).direct += directShare
      direct.push({ account: referrers[0], amount: directShare })
    }
    const indirectShare = bps(rest, rates[4] ?? 0n)
    if (referrers[1] !== undefined && s.algebra > 1n && indirectShare > 0n && this.canEarn(referrers[1])) {
      this.account(referrers[1]).indirect += indirectShare
      direct.push({ account: referrers[1], amount: indirectShare })
    }
    // team amounts of the 8 generations above, then the differential walk within `algebra`
    for (const ancestor of referrers.slice(0, TEAM_DEPTH)) {
      this.teamAmount.set(ancestor, (this.teamAmount.get(ancestor) ?? 0n) + actual)
    }
    const budget = bps(rest, rates[5] ?? 0n)
    const team: OrderResult['team'] = []
    let paidRate = 0n
    let teamPaid = 0n
    for (const [k, ancestor] of referrers.entries()) {
      if (BigInt(k) >= s.algebra || budget === 0n) continue
      const level = teamLevel(this.teamAmount.get(ancestor) ?? 0n, m.teamAmounts)
      if (level === 0) continue
      const rate = m.teamRates[level - 1] ?? 0n
      if (rate <= paidRate || !this.canEarn(ancestor)) continue
      const share = (budget * (rate - paidRate)) / BPS
      paidRate = rate
      if (share === 0n) continue
      this.account(ancestor).team += share
      teamPaid += share
      team.push({ account: ancestor, amount: share })
    }
    const burn = bps(rest, rates[6] ?? 0n)
    const invite = direct.reduce((sum, d) => sum + d.amount, 0n)
    const gold = rest - pot - double - invite - teamPaid - burn
    this.gold += gold
    this.pot += pot
    this.burnSurplus += burn
    this.toDouble += double
    return { index, principal, weight, double, direct, team, gold, pot, burn }
  }

  private out(order: ModelOrder, forced: boolean): bigint {
    const a = this.account(order.owner)
    this.settle(a)
    a.weight -= order.weight
    a.amount -= order.amount
    this.totalWeight -= order.weight
    this.locked -= order.principal
    order.status = forced ? 'forced' : 'released'
    if (forced) {
      a.forced += order.principal
      return 0n
    }
    a.paid += order.principal
    return order.principal
  }

  /** When anyone may force order `order` out. */
  forceTime(order: ModelOrder) {
    return order.endTime + this.settings.outDays * this.settings.dayTimes
  }

  /** `caller` releases order `index`; returns the principal paid to the owner (0 when forced: credited). */
  release(now: bigint, caller: string, index: bigint): { paid: bigint; forced: boolean } | Refusal {
    const order = this.orders[Number(index) - 1]
    if (index === 0n || !order || order.status !== 'locked') return { refused: 'FomoOrderNotActive' }
    if (now < order.endTime) return { refused: 'FomoOrderLocked' }
    const forced = caller.toLowerCase() !== order.owner
    if (forced && now < this.forceTime(order)) return { refused: 'FomoForceOutTooEarly' }
    this.drip(now)
    return { paid: this.out(order, forced), forced }
  }

  /** The locked orders anyone may force out at `now`, earliest force time first. */
  due(now: bigint): ModelOrder[] {
    return this.orders
      .filter((o) => o.status === 'locked' && now >= this.forceTime(o))
      .sort((x, y) =>
        this.forceTime(x) === this.forceTime(y)
          ? Number(x.index - y.index)
          : this.forceTime(x) < this.forceTime(y)
            ? -1
            : 1,
      )
  }

  /** The keeper's batch: forces out the first `maxCount` due orders (a forced release drips first, as any release);
   * returns their indexes. */
  processExpired(now: bigint, maxCount: number): bigint[] {
    const batch = this.due(now).slice(0, maxCount)
    if (batch.length > 0) this.drip(now)
    for (const order of batch) this.out(order, true)
    return batch.map((o) => o.index)
  }

  /** A claim of the balance at `now` (a view): what the pool should pay before the fee (`expected`, at most) and by
   * how much less it may pay (`slack`). The pool refuses it (FomoNothingToClaim) only when it would pay nothing. */
  claimQuote(now: bigint, address: string): { expected: bigint; slack: bigint } {
    return { expected: this.balanceAt(now, address), slack: this.slackAt(now, address) + 1n }
  }

  /** Records a balance claim at `now` that paid `amount` (fee included); returns what reaches the account. */
  applyClaim(now: bigint, address: string, amount: bigint): bigint {
    this.settleRound(now)
    this.drip(now)
    const a = this.account(address)
    this.settle(a)
    a.claimed += amount
    const fee = bps(amount, this.settings.feeRate)
    this.gold += fee
    a.paid += amount - fee
    return amount - fee
  }

  /** A prize claim of round `round`: the amount (fee included) and what reaches the account, or the refusal (which
   * changes nothing). */
  claimPrize(now: bigint, address: string, round: bigint): { amount: bigint; paid: bigint } | Refusal {
    const saved = { round: this.round, pot: this.pot }
    this.settleRound(now)
    const record = this.rounds.get(round)
    const key = address.toLowerCase()
    let amount = 0n
    const positions: number[] = []
    if (round !== 0n && round < this.round.index && record) {
      record.winners.forEach((order, i) => {
        if (!record.claimed[i] && this.orders[Number(order) - 1]?.owner === key) {
          amount += bps(record.pot, WINNER_SHARES[i] ?? 0n)
          positions.push(i)
        }
      })
    }
    if (amount === 0n) {
      const refused = round === 0n || round >= this.round.index ? 'FomoRoundNotSettled' : 'FomoNoPrize'
      if (this.round !== saved.round) this.rounds.delete(saved.round.index)
      this.round = saved.round
      this.pot = saved.pot
      return { refused }
    }
    for (const i of positions) if (record) record.claimed[i] = true
    this.drip(now)
    const fee = bps(amount, this.settings.feeRate)
    this.gold += fee
    this.account(key).paid += amount - fee
    return { amount, paid: amount - fee }
  }

  updatePool(now: bigint) {
    this.settleRound(now)
    this.drip(now)
  }

  updateUser(now: bigint, address: string) {
    this.drip(now)
    this.settle(this.account(address))
  }

  addBalance(now: bigint, amount: bigint): Refusal | null {
    if (amount === 0n || amount > this.rules.maxAmount) return { refused: 'FomoAmountOutOfRange' }
    this.drip(now)
    this.gold += amount
    this.entered += amount
    return null
  }

  /** The owner's settings: the drip so far at the old ones. */
  setSettings(now: bigint, settings: FomoSettings) {
    this.drip(now)
    this.settings = { ...settings }
  }

  /** The owner's multi config: existing orders keep their terms. */
  setMulti(multi: FomoMulti) {
    this.multi = structuredClone(multi) as FomoMulti
  }

  setBlacklist(address: string, on: boolean) {
    this.account(address).blacklisted = on
  }

  /** The buy-and-burn took `amount` of the burn share. */
  burnt(amount: bigint) {
    this.burnSurplus -= amount
    this.burned += amount
  }

  /** What all accounts were paid, all ever. */
  paidOut(): bigint {
    let sum = 0n
    for (const a of this.accounts.values()) sum += a.paid
    return sum
  }

  /** The USDT the pool should hold (besides anything sent to it from outside): what entered less what left. */
  held(): bigint {
    return this.entered - this.paidOut() - this.toDouble - this.burned
  }
}
