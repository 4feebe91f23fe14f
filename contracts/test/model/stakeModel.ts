// Reference model of Stake's rewards (IStake's NatSpec, docs/contractsIII.md), written from the rules, not from
// Stake.sol: a deposit of `amount` USDT earns `rewardMax = amount * idoRate / 10,000` USDT of its round, paid in NEX
// at its `startPrice` (USDT per NEX, 18 decimals); `idoFirst` of it is released at once, the rest after a lock of
// `addTime` seconds in `releaseDay` equal daily steps (a day of `dayTimes` seconds), each stake keeping the terms it
// was opened with; its referrers (Main, two generations) get `directRate` / `indirectRate` of the amount in NEX at
// the same price. A claim pays the NEX balance (everything released and credited, not claimed yet) less `feeRate`,
// which stays in the pool. Exact: every figure is a rational number of NEX wei (test/model/ratio.ts).
import { Ratio } from './ratio.ts'
import { nth } from './nth.ts'

export const BPS = 10_000n
const WAD = 10n ** 18n

export type StakeTerms = { idoRate: bigint; idoFirst: bigint; addTime: bigint; dayTimes: bigint; releaseDay: bigint }

export type ModelStake = {
  owner: string
  amount: bigint
  rewardMax: bigint
  /** The whole reward in NEX, its part released at once, and the schedule. */
  tokens: Ratio
  first: Ratio
  lockTime: bigint
  dayTimes: bigint
  releaseDays: bigint
  /** The most a conversion from USDT wei to NEX wei at this stake's price may round away. */
  unit: bigint
}

export class StakeModel {
  readonly stakes: ModelStake[] = []
  /** NEX credited to accounts by referral rewards. */
  readonly referral = new Map<string, Ratio>()
  /** How far below its exact referral rewards an account's may be (one conversion each). */
  readonly referralSlack = new Map<string, bigint>()
  /** NEX taken by each account's claims (with the fee). */
  readonly taken = new Map<string, bigint>()

  directRate: bigint
  indirectRate: bigint

  constructor(directRate: bigint, indirectRate: bigint) {
    this.directRate = directRate
    this.indirectRate = indirectRate
  }

  /** `price` is the deposit's startPrice (USDT wei per NEX). Returns the stake number (1-based). */
  deposit(now: bigint, owner: string, amount: bigint, price: bigint, terms: StakeTerms, referrers: string[]) {
    const rewardMax = (amount * terms.idoRate) / BPS
    const tokens = Ratio.of(amount * terms.idoRate * WAD, BPS * price)
    const first = tokens.mul(Ratio.of(terms.idoFirst, BPS))
    this.stakes.push({
      owner,
      amount,
      rewardMax,
      tokens,
      first,
      lockTime: now + terms.addTime,
      dayTimes: terms.dayTimes,
      releaseDays: terms.releaseDay,
      unit: Ratio.of(WAD, price).ceil() + 1n,
    })
    const rates = [this.directRate, this.indirectRate]
    referrers.slice(0, 2).forEach((referrer, g) => {
      const reward = Ratio.of(amount * nth(rates, g, 'generation') * WAD, BPS * price)
      this.referral.set(referrer, (this.referral.get(referrer) ?? Ratio.ZERO).add(reward))
      this.referralSlack.set(referrer, (this.referralSlack.get(referrer) ?? 0n) + Ratio.of(WAD, price).ceil() + 1n)
    })
    return this.stakes.length
  }

  /** Daily steps of stake `s` due at `now`. */
  steps(stake: ModelStake, now: bigint) {
    if (now < stake.lockTime) return 0n
    const steps = (now - stake.lockTime) / stake.dayTimes
    return steps > stake.releaseDays ? stake.releaseDays : steps
  }

  /** NEX of stake `s` vested by `now` (exact). */
  vested(stake: ModelStake, now: bigint): Ratio {
    const rest = stake.tokens.sub(stake.first)
    return stake.first.add(rest.mul(Ratio.of(this.steps(stake, now), stake.releaseDays)))
  }

  /** Everything credited to `account` by `now` (its stakes' vested NEX and its referral rewards), exact. */
  credited(account: string, now: bigint): Ratio {
    let sum = this.referral.get(account) ?? Ratio.ZERO
    for (const stake of this.stakes) if (stake.owner === account) sum = sum.add(this.vested(stake, now))
    return sum
  }

  /**
   * How far below `credited` the contract's figure may be: a USDT figure rounded to whole wei before its conversion
   * and the conversion itself (`unit` each: the stake's reward, its first part, each referral credit) and one wei per
   * step released.
   */
  slack(account: string, now: bigint) {
    let sum = this.referralSlack.get(account) ?? 0n
    for (const stake of this.stakes) if (stake.owner === account) sum += 2n * stake.unit + this.steps(stake, now)
    return sum
  }

  /** A claim that took `amount` NEX from the balance (measured); returns the fee the rules give. */
  claim(account: string, amount: bigint, feeRate: bigint) {
    this.taken.set(account, (this.taken.get(account) ?? 0n) + amount)
    return (amount * feeRate) / BPS
  }

  takenBy(account: string) {
    return this.taken.get(account) ?? 0n
  }

  /** Every NEX the model has promised (vested or not): what the pool must hold back for. */
  promised(): Ratio {
    let sum = Ratio.ZERO
    for (const stake of this.stakes) sum = sum.add(stake.tokens)
    for (const value of this.referral.values()) sum = sum.add(value)
    return sum
  }
}
