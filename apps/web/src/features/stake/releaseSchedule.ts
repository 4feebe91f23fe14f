/** 10,000 basis points = 100 % (Stake's FeeMath.BPS). */
const BPS = 10_000n

/** What a deposit of `amount` USDT in the current round pays and when (the contract's `_quote` and `_pushStake`). */
export type ReleaseSchedule = {
  /** The reward cap, in USDT value: amount × idoRate. */
  rewardMax: bigint
  /** The part released at once, in USDT value: rewardMax × idoFirst. */
  first: bigint
  /** The value of each release after the lock (the last one also takes the rounding rest). */
  perRelease: bigint
  /** How many releases follow the lock (config.releaseDay); 0 pays the whole cap at once. */
  releases: bigint
  /** Seconds between two releases (config.dayTimes). */
  every: bigint
  /** When the lock ends and the first release is due (Unix seconds): now + config.addTime. */
  lockEnds: bigint
  /** When the last release is due (Unix seconds): lockEnds + releaseDay × dayTimes. */
  ends: bigint
  /** The reward cap in NEX at the price a deposit uses now (undefined while the price is unknown). */
  rewardTokens: bigint | undefined
  /** The part released at once in NEX, at that price. */
  firstTokens: bigint | undefined
}

/**
 * The release schedule of a deposit made at `now`, shown before signing. `tokensPerUsdt` is `Stake.getPrice(1e18)`:
 * NEX per USDT of value at the deposit price (the larger of the TWAP and the round's floor).
 *
 * @example
 * releaseSchedule(100n * 10n ** 18n, { idoRate: 20_000n, idoFirst: 1_000n },
 *   { addTime: 86_400n, dayTimes: 86_400n, releaseDay: 100n }, 1_700_000_000n, 2n * 10n ** 18n)
 * // rewardMax 200 USDT, first 20 USDT (40 NEX), then 100 releases of 1.8 USDT, one a day after one day
 */
export function releaseSchedule(
  amount: bigint,
  round: { idoRate: bigint; idoFirst: bigint },
  config: { addTime: bigint; dayTimes: bigint; releaseDay: bigint },
  now: bigint,
  tokensPerUsdt: bigint | undefined,
): ReleaseSchedule {
  const rewardMax = (amount * round.idoRate) / BPS
  const first = (rewardMax * round.idoFirst) / BPS
  const releases = config.releaseDay
  const perRelease = releases === 0n ? 0n : (rewardMax - first) / releases
  const lockEnds = now + config.addTime
  const tokens = (value: bigint) => (tokensPerUsdt === undefined ? undefined : (value * tokensPerUsdt) / 10n ** 18n)
  return {
    rewardMax,
    first: releases === 0n ? rewardMax : first,
    perRelease,
    releases,
    every: config.dayTimes,
    lockEnds,
    ends: lockEnds + releases * config.dayTimes,
    rewardTokens: tokens(rewardMax),
    firstTokens: tokens(releases === 0n ? rewardMax : first),
  }
}
