// Reference model of Mining's emission (IMining's NatSpec, docs/contractsIII.md), written from the rules, not from
// Mining.sol: `mintDay` NEX per `dayTimes` seconds, pro rata per second, never more than the funded budget
// `mintSurplus`, shared by force. A stake of `amount` in tier `i` has force `amount * stakeForces[i] / 10,000`; its
// referrers (Main's tree, 3 generations; none that is blacklisted when it is opened) get `inviteRates[g]` of that
// force while it stands, and the stake keeps its own rates until it is released (`claimRelease`, from `endTime`),
// which returns `amount * stakeRates[i] / 10,000`; the rest of the amount joins the budget at the deposit. A claim
// pays the account's balance less `feeRate`, which returns to the budget. While the total force is below the
// pool's floor (or zero) time passes without emission: the budget stays and drips later. Settings apply from the
// moment they are set (the emission up to then follows the old ones).
import { Ratio } from './ratio.ts'
import { PRECISION, SharePool } from './sharePool.ts'
import { nth } from './nth.ts'

export const BPS = 10_000n

export type MiningSettings = { mintDay: bigint; dayTimes: bigint; feeRate: bigint }
export type MiningTiers = {
  inviteRates: readonly bigint[]
  stakeRates: readonly bigint[]
  stakeForces: readonly bigint[]
}

export type MiningStake = {
  owner: string
  amount: bigint
  actual: bigint
  force: bigint
  /** Referrers and the invite force each got from this stake. */
  invites: { referrer: string; force: bigint }[]
  released: boolean
}

export class MiningModel {
  readonly pool: SharePool
  budget: Ratio
  lastTime: bigint
  /** Emitted so far (exact) and the budget ever funded. */
  emitted = Ratio.ZERO
  /** How far above the exact budget left the contract's may be (what each update could not share stays in it). */
  budgetSlack = 0n
  funded = 0n
  readonly stakes: MiningStake[] = []
  /** NEX paid to each account by claims (after the fee) and the fees taken. */
  readonly claimed = new Map<string, bigint>()
  readonly taken = new Map<string, bigint>()

  settings: MiningSettings
  tiers: MiningTiers

  constructor(settings: MiningSettings, tiers: MiningTiers, now: bigint, budget = 0n, forceFloor = 0n) {
    this.settings = settings
    this.tiers = tiers
    this.pool = new SharePool(forceFloor)
    this.budget = Ratio.of(budget)
    this.funded = budget
    this.lastTime = now
  }

  /** Emission from the last update to `now` (none while the pool does not share), then shared. */
  advance(now: bigint) {
    if (now < this.lastTime) throw new Error(`MiningModel: time went back (${now} < ${this.lastTime})`)
    if (now > this.lastTime && this.pool.sharing() && this.budget.cmp(0n) > 0) {
      let amount = Ratio.of(this.settings.mintDay * (now - this.lastTime), this.settings.dayTimes)
      // at the budget's end the contract also emits the remainders its budget kept (see budgetSlack)
      const capped = amount.cmp(this.budget) >= 0
      if (capped) amount = this.budget
      this.budget = this.budget.sub(amount)
      this.emitted = this.emitted.add(amount)
      this.pool.add(amount)
      // the contract emits whole wei per update (up to 1 wei less, shared) and keeps in the budget what the
      // accumulator cannot share (below total force / 1e18, RewardMath.increment's remainder)
      this.budgetSlack += 1n + Ratio.of(this.pool.total, PRECISION).ceil()
      this.pool.distribute(Ratio.of(1n), capped ? Ratio.of(this.budgetSlack) : Ratio.ZERO)
    }
    this.lastTime = now
  }

  private weightChange(account: string, delta: bigint) {
    this.pool.addWeight(account, delta)
  }

  /**
   * A deposit of `amount` in `tier` by `owner` at `now`, whose referrers (nearest first, at most 3) are `referrers`
   * and of which `blacklisted` says which may not receive invite force. Returns the stake number (1-based).
   */
  deposit(
    now: bigint,
    owner: string,
    tier: number,
    amount: bigint,
    referrers: string[],
    blacklisted: (a: string) => boolean,
  ) {
    this.advance(now)
    const force = (amount * nth(this.tiers.stakeForces, tier, 'tier')) / BPS
    const actual = (amount * nth(this.tiers.stakeRates, tier, 'tier')) / BPS
    const invites: MiningStake['invites'] = []
    referrers.slice(0, 3).forEach((referrer, g) => {
      if (blacklisted(referrer)) return
      const inviteForce = (force * nth(this.tiers.inviteRates, g, 'generation')) / BPS
      invites.push({ referrer, force: inviteForce })
      this.weightChange(referrer, inviteForce)
    })
    this.weightChange(owner, force)
    this.budget = this.budget.add(amount - actual)
    this.funded += amount - actual
    this.stakes.push({ owner, amount, actual, force, invites, released: false })
    return this.stakes.length
  }

  /** Releases stake `index` (1-based): its force and its referrers' invite force end. Returns what it pays. */
  release(now: bigint, index: number) {
    this.advance(now)
    const stake = this.stakes[index - 1]
    if (!stake || stake.released) throw new Error(`MiningModel: no live stake ${index}`)
    stake.released = true
    this.weightChange(stake.owner, -stake.force)
    for (const invite of stake.invites) this.weightChange(invite.referrer, -invite.force)
    return stake.actual
  }

  /** NEX added to the budget. */
  fund(now: bigint, amount: bigint) {
    this.advance(now)
    this.budget = this.budget.add(amount)
    this.funded += amount
  }

  /** New settings from `now` on. */
  configure(now: bigint, settings: MiningSettings, tiers?: MiningTiers) {
    this.advance(now)
    this.settings = settings
    if (tiers) this.tiers = tiers
  }

  /** Everything credited to `account` so far (exact): claimed (with fees) or in its balance. */
  credited(account: string): Ratio {
    return this.pool.owedTo(account)
  }

  /**
   * A claim at `now` that took `amount` from the balance (measured): the fee `amount * feeRate / 10,000` returns to
   * the budget, the rest is the account's. Returns the fee the rules give.
   */
  claim(now: bigint, account: string, amount: bigint) {
    this.advance(now)
    const fee = (amount * this.settings.feeRate) / BPS
    this.taken.set(account, (this.taken.get(account) ?? 0n) + amount)
    this.claimed.set(account, (this.claimed.get(account) ?? 0n) + amount - fee)
    this.budget = this.budget.add(fee)
    return fee
  }

  takenBy(account: string) {
    return this.taken.get(account) ?? 0n
  }
}
