// The exact pro-rata pool every reference model builds on (test/model/*Model.ts): amounts that enter a pool are
// shared by the weights held when they are distributed, exactly (test/model/ratio.ts), with the rules of issue 32
// that every pool follows (contracts/README.md "Reward math"):
// - while the total weight is below the pool's floor (and always while it is zero) nothing is shared: what
//   arrived waits in the pool and is shared at the next distribution made at or above the floor;
// - a holder is never paid more than its exact share, and less only by the rounding of the accumulator
//   (contracts/libraries/RewardMath.sol), which the pool tracks per holder as `slack` (below) and `over` (above):
//   - an increment `floor(amount * 1e18 / total)` gives a holder of weight `w` less than `w / 1e18` wei below its
//     exact share (the pool keeps the remainder, below `total / 1e18`, for the next distribution); `lost`
//     (a per-distribution loss of the pool itself, e.g. a drip rounded down to whole wei) costs each holder its
//     share of it;
//   - the remainder kept is shared at the next distribution, by the weights then: a holder may receive up to
//     `w / total * previousTotal / 1e18` above its exact share there;
//   - a settlement pays whole wei and keeps the fraction owed, so at most 1 wei over the holder's whole life.
import { Ratio } from './ratio.ts'

export const PRECISION = 10n ** 18n

export class SharePool {
  /** Weights held now. */
  readonly weights = new Map<string, bigint>()
  total = 0n
  /** Each holder's exact entitlement accrued so far (paid or not). */
  readonly owed = new Map<string, Ratio>()
  /** How far below `owed` the contract's figure may be (the accumulator's rounding). */
  readonly slack = new Map<string, Ratio>()
  /** How far above `owed` the contract's figure may be (its share of remainders carried from earlier distributions). */
  readonly over = new Map<string, Ratio>()
  /** What arrived and was not shared yet (below the floor, or nobody held weight). */
  waiting = Ratio.ZERO
  /** Everything that entered the pool, and everything shared. */
  entered = Ratio.ZERO
  shared = Ratio.ZERO
  /** Number of distributions made (each a chance to round). */
  distributions = 0
  private lastTotal = 0n

  /** The least total weight at which anything is shared (0: any non-zero total). */
  readonly floor: bigint

  constructor(floor = 0n) {
    this.floor = floor
  }

  weightOf(account: string) {
    return this.weights.get(account) ?? 0n
  }

  owedTo(account: string) {
    return this.owed.get(account) ?? Ratio.ZERO
  }

  /** Whether the pool shares now. */
  sharing() {
    return this.total > 0n && this.total >= this.floor
  }

  /** `amount` enters the pool (waits until it is distributed). */
  add(amount: Ratio | bigint) {
    this.waiting = this.waiting.add(amount)
    this.entered = this.entered.add(amount)
  }

  /**
   * Shares what waits by the weights now, if the pool shares; `lost`: a bound on what the contract's own arithmetic
   * may leave out of this distribution beyond the accumulator's rounding (each holder bears its share of it);
   * `carried`: what earlier remainders the contract may add to it (each holder may receive its share of it).
   */
  distribute(lost: Ratio = Ratio.ZERO, carried: Ratio = Ratio.ZERO) {
    if (!this.sharing() || this.waiting.isZero()) return
    const amount = this.waiting
    const total = this.total
    for (const [account, weight] of this.weights) {
      if (weight === 0n) continue
      const part = Ratio.of(weight, total)
      this.owed.set(account, this.owedTo(account).add(amount.mul(part)))
      this.slack.set(
        account,
        (this.slack.get(account) ?? Ratio.ZERO).add(Ratio.of(weight, PRECISION)).add(lost.mul(part)),
      )
      if (!carried.isZero()) this.over.set(account, (this.over.get(account) ?? Ratio.ZERO).add(carried.mul(part)))
      if (this.lastTotal > 0n) {
        this.over.set(
          account,
          (this.over.get(account) ?? Ratio.ZERO).add(Ratio.of(weight * this.lastTotal, PRECISION * total)),
        )
      }
    }
    this.shared = this.shared.add(amount)
    this.waiting = Ratio.ZERO
    this.lastTotal = total
    this.distributions++
  }

  /**
   * Sets `account`'s weight, after distributing what waits (a change of weight never moves shares) unless
   * `distributeFirst` is false (a pool whose rules decide when it distributes, e.g. Burn's expiry queue).
   */
  setWeight(account: string, weight: bigint, distributeFirst = true) {
    if (weight < 0n) throw new Error(`SharePool: negative weight for ${account}`)
    if (distributeFirst) this.distribute()
    this.total += weight - this.weightOf(account)
    if (weight === 0n) this.weights.delete(account)
    else this.weights.set(account, weight)
  }

  addWeight(account: string, delta: bigint) {
    this.setWeight(account, this.weightOf(account) + delta)
  }

  /**
   * The range the contract's figure for `account` (everything it was credited: paid, balance and pending) must lie
   * in: `[floor(owed - slack) - 1, floor(owed + over)]` (the 1: a settlement's whole-wei rounding, once a life).
   */
  range(account: string): { low: bigint; high: bigint; exact: Ratio } {
    const exact = this.owedTo(account)
    const slack = this.slack.get(account) ?? Ratio.ZERO
    const over = this.over.get(account) ?? Ratio.ZERO
    const low = exact.sub(slack).floor() - 1n
    return { low: low < 0n ? 0n : low, high: exact.add(over).floor(), exact }
  }

  /** Every account the pool ever credited. */
  accounts() {
    return [...this.owed.keys()]
  }
}

/** Fails with the sequence step and the figures when `actual` is outside the model's range for `account`. */
export function assertInRange(pool: SharePool, account: string, actual: bigint, label: string) {
  const { low, high, exact } = pool.range(account)
  if (actual < low || actual > high) {
    throw new Error(
      `${label}: ${account} was credited ${actual}, the model owes exactly ${exact} (allowed ${low}..${high}, ` +
        `${actual < low ? `${low - actual} wei short` : `${actual - high} wei too much`})`,
    )
  }
}
