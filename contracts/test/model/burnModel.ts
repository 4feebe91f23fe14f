// Reference model of Burn's rewards (IBurn's NatSpec, docs/contractsII.md "Burn"), written from the rules, not from
// Burn.sol:
// - an order of value `v` (its force) sends `burnRates[0]` of it to the community pool; USDT sent to the contract
//   joins the pool too. The pool is shared by the valid orders' force, and only while no expired order is left in
//   the expiry queue (so an expired order never shares funds that arrive after its end); an order's own share waits
//   for the next distribution (an order distributes what waits before it is made);
// - an order receives at most `v * rewardRate / 10,000`: when a settlement finds it at its cap it is out and what it
//   accrued above the cap goes back to the pool; it is forced out `outDays` days after it started (earliest end
//   first, from the queue: an order forces out none, a claim, `updateUser` or `updatePool` at most 1,
//   `processExpired(n)` n); an order already out at its cap leaves a queue entry that a force-out step takes;
// - a claim or `updateUser` settles the account's valid orders (those past their end are out then); a claim pays
//   the balance less `feeRate`;
// - the direct referrer gets `burnRates[1]` of the order, each further generation up to `algebra` `burnRates[2]`,
//   and the team rates (`teamRates`, cumulative by level) are paid as level differentials up the same walk, only to
//   accounts that are not blacklisted and have a live order (valid, not ended, not found at its cap).
import { Ratio } from './ratio.ts'
import { SharePool } from './sharePool.ts'

export const BPS = 10_000n

export type BurnOrder = {
  index: number
  owner: string
  value: bigint
  cap: bigint
  end: bigint
  /** Dividends credited at settlements, and whether it is out. */
  reward: Ratio
  out: boolean
}

export type BurnRules = {
  rewardRate: bigint
  outDays: bigint
  dayTimes: bigint
  burnRates: readonly bigint[]
  teamRates: readonly bigint[]
  algebra: bigint
  feeRate: bigint
}

const key = (index: number) => `order ${index}`

export class BurnModel {
  readonly pool: SharePool
  readonly orders: BurnOrder[] = []
  /** The expiry queue: (end, index) entries not taken out yet. */
  private queue: { end: bigint; index: number }[] = []
  /** Referral and team credits per account (exact), and what claims took (with the fee). */
  readonly referral = new Map<string, Ratio>()
  readonly referralCredits = new Map<string, bigint>()
  readonly taken = new Map<string, bigint>()
  /** USDT that entered the pool. */
  poolIn = 0n
  rules: BurnRules

  constructor(rules: BurnRules, forceFloor = 0n) {
    this.rules = rules
    this.pool = new SharePool(forceFloor)
  }

  /** USDT that arrived from outside (fees, gifts): it joins the pool. */
  fund(amount: bigint) {
    this.pool.add(amount)
    this.poolIn += amount
  }

  private queueHead() {
    let head: { end: bigint; index: number } | undefined
    for (const entry of this.queue) {
      if (!head || entry.end < head.end || (entry.end === head.end && entry.index < head.index)) head = entry
    }
    return head
  }

  /** Whether an expired entry is at the head of the queue at `now` (the pool does not share then). */
  blocked(now: bigint) {
    const head = this.queueHead()
    return head !== undefined && head.end <= now
  }

  /** Accrued (exact, uncapped) dividends of an order since it was made. */
  accrued(order: BurnOrder) {
    return this.pool.owedTo(key(order.index))
  }

  /** Settles an order: credits what it accrued up to its cap; at the cap it is out and the rest returns to the pool. */
  private settle(order: BurnOrder, forced: boolean) {
    if (order.out) return
    const accrued = this.accrued(order)
    const credit = accrued.cmp(order.cap) >= 0 ? Ratio.of(order.cap) : accrued
    order.reward = credit
    const capped = accrued.cmp(order.cap) >= 0
    if (capped) {
      const overflow = accrued.sub(order.cap)
      if (!overflow.isZero()) this.pool.add(overflow)
    }
    if (capped || forced) {
      order.out = true
      this.pool.setWeight(key(order.index), 0n, false)
    }
  }

  /** Takes at most `maxOuts` expired entries off the queue at `now`, forcing their orders out. Returns the count. */
  private forceOut(now: bigint, maxOuts: number) {
    let count = 0
    while (count < maxOuts) {
      const head = this.queueHead()
      if (!head || head.end > now) break
      this.queue = this.queue.filter((entry) => entry !== head)
      const order = this.orders[head.index - 1]
      if (order && !order.out) this.settle(order, true)
      count++
    }
    return count
  }

  /** The pool's work at `now`: at most `maxOuts` force-outs, then a distribution unless an expired entry is left. */
  update(now: bigint, maxOuts: number) {
    const count = this.forceOut(now, maxOuts)
    if (!this.blocked(now)) this.pool.distribute()
    return count
  }

  /** Whether `account` earns referral and team rewards at `now` (a live order: valid, not ended). */
  canEarn(account: string, now: bigint, blacklisted: (a: string) => boolean) {
    if (blacklisted(account)) return false
    return this.orders.some((o) => o.owner === account && !o.out && o.end > now)
  }

  private credit(account: string, amount: Ratio) {
    this.referral.set(account, (this.referral.get(account) ?? Ratio.ZERO).add(amount))
    this.referralCredits.set(account, (this.referralCredits.get(account) ?? 0n) + 1n)
  }

  /**
   * An order of `value` for `owner` at `now`; `ancestors` are its referrers nearest first (Main's tree), `level`
   * gives each one's team level (0..5). Returns the order number.
   */
  order(
    now: bigint,
    owner: string,
    value: bigint,
    ancestors: string[],
    level: (a: string) => number,
    blacklisted: (a: string) => boolean,
  ) {
    this.update(now, 0)
    const r = this.rules
    // referral and team rewards, decided before the order exists (it is not its own referrer)
    let paidTeamRate = 0n
    ancestors.slice(0, Number(r.algebra)).forEach((ancestor, g) => {
      if (!this.canEarn(ancestor, now, blacklisted)) return
      const rate = g === 0 ? (r.burnRates[1] ?? 0n) : (r.burnRates[2] ?? 0n)
      if (rate > 0n) this.credit(ancestor, Ratio.of(value * rate, BPS))
      const l = level(ancestor)
      const teamRate = l > 0 ? (r.teamRates[l - 1] ?? 0n) : 0n
      if (teamRate > paidTeamRate) {
        this.credit(ancestor, Ratio.of(value * (teamRate - paidTeamRate), BPS))
        paidTeamRate = teamRate
      }
    })
    const index = this.orders.length + 1
    const end = now + r.outDays * r.dayTimes
    const order: BurnOrder = {
      index,
      owner,
      value,
      cap: (value * r.rewardRate) / BPS,
      end,
      reward: Ratio.ZERO,
      out: false,
    }
    this.orders.push(order)
    this.queue.push({ end, index })
    this.pool.setWeight(key(index), value, false)
    const share = (value * (r.burnRates[0] ?? 0n)) / BPS
    this.pool.add(share)
    this.poolIn += share
    return index
  }

  /** A claim or `updateUser` at `now`: the pool's work with one force-out, then the account's valid orders. */
  settleUser(now: bigint, account: string) {
    this.update(now, 1)
    // its own orders past their end are out too (they share nothing more); their queue entries stay until taken
    for (const order of this.orders) if (order.owner === account) this.settle(order, order.end <= now)
  }

  /** `processExpired(maxCount)` at `now`. */
  processExpired(now: bigint, maxCount: number) {
    return this.update(now, maxCount)
  }

  /** Everything credited to `account` (exact): its orders' settled dividends and its referral and team rewards. */
  credited(account: string): Ratio {
    let sum = this.referral.get(account) ?? Ratio.ZERO
    for (const order of this.orders) if (order.owner === account) sum = sum.add(order.reward)
    return sum
  }

  /** What `account`'s valid orders accrued and were not credited yet (up to their caps), exact. */
  unsettled(account: string): Ratio {
    let sum = Ratio.ZERO
    for (const order of this.orders) {
      if (order.owner !== account || order.out) continue
      const accrued = this.accrued(order)
      sum = sum.add((accrued.cmp(order.cap) >= 0 ? Ratio.of(order.cap) : accrued).sub(order.reward))
    }
    return sum
  }

  /** A claim that took `amount` (measured); returns the fee the rules give. */
  claim(account: string, amount: bigint) {
    this.taken.set(account, (this.taken.get(account) ?? 0n) + amount)
    return (amount * this.rules.feeRate) / BPS
  }

  takenBy(account: string) {
    return this.taken.get(account) ?? 0n
  }

  /** The rounding bound of `account`'s credited figure: its orders' accumulator slack and 1 wei per credit. */
  slack(account: string): Ratio {
    let sum = Ratio.of(this.referralCredits.get(account) ?? 0n)
    for (const order of this.orders) {
      if (order.owner !== account) continue
      sum = sum.add(this.pool.slack.get(key(order.index)) ?? Ratio.ZERO).add(1n)
    }
    return sum
  }

  /** The bound above: the orders' shares of carried remainders. */
  over(account: string): Ratio {
    let sum = Ratio.ZERO
    for (const order of this.orders) {
      if (order.owner === account) sum = sum.add(this.pool.over.get(key(order.index)) ?? Ratio.ZERO)
    }
    return sum
  }

  orderKey(index: number) {
    return key(index)
  }
}
