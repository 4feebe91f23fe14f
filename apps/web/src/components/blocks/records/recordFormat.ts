/** Formatting and state rules shared by the stake, FOM and mining pages (pure, tested in format.test.ts). */

/**
 * Basis points (10,000 = 100 %) as a percentage with at most two decimals, trailing zeros dropped.
 *
 * @example
 * percent(1_500n) // '15%'
 * percent(250n) // '2.5%'
 */
export function percent(bps: bigint | undefined): string {
  if (bps === undefined) return '—'
  const whole = bps / 100n
  const cents = bps % 100n
  if (cents === 0n) return `${whole}%`
  return `${whole}.${cents.toString().padStart(2, '0').replace(/0$/, '')}%`
}

/**
 * A multiplier in basis points (10,000 = 1×), e.g. a mining tier's force per NEX.
 *
 * @example
 * multiplier(12_500n) // '1.25×'
 */
export function multiplier(bps: bigint | undefined): string {
  if (bps === undefined) return '—'
  const whole = bps / 10_000n
  const rest = (bps % 10_000n).toString().padStart(4, '0').replace(/0+$/, '').slice(0, 2)
  return rest === '' ? `${whole}×` : `${whole}.${rest}×`
}

/**
 * A length of time in seconds as days, hours, minutes and seconds, largest units first, zero units left out
 * (`units` holds the translated unit suffixes).
 *
 * @example
 * duration(3_660n, { d: 'd', h: 'h', m: 'min', s: 's' }) // '1h 1min'
 */
export function duration(
  seconds: bigint | number | undefined,
  units: { d: string; h: string; m: string; s: string },
): string {
  if (seconds === undefined) return '—'
  let left = Number(seconds)
  if (left <= 0) return `0${units.s}`
  const parts: string[] = []
  for (const [size, unit] of [
    [86_400, units.d],
    [3_600, units.h],
    [60, units.m],
    [1, units.s],
  ] as const) {
    const count = Math.floor(left / size)
    left -= count * size
    if (count > 0) parts.push(`${count}${unit}`)
  }
  return parts.join(' ')
}

/** Seconds until `target` (Unix seconds) at chain time `now`, never negative; 0 while either is unknown or unset. */
export function secondsUntil(target: bigint | number | undefined, now: number | undefined): number {
  if (target === undefined || now === undefined || BigInt(target) === 0n) return 0
  return Math.max(0, Number(target) - now)
}

/** The state of a stake or order record as the pages show it (SPEC.md §4). */
export type RecordState = 'locked' | 'unlocked' | 'completed' | 'forced'

/**
 * A FOM order's state from its `status` (contractsIII.md: 1 locked, 2 unlocked, 3 released, 4 forced out);
 * a locked order whose `endTime` has passed at chain time `now` is unlocked (the view is a block behind).
 */
export function fomoOrderState(status: bigint, endTime: bigint, now: number | undefined): RecordState | undefined {
  if (status === 1n) return now !== undefined && BigInt(now) >= endTime ? 'unlocked' : 'locked'
  if (status === 2n) return 'unlocked'
  if (status === 3n) return 'completed'
  if (status === 4n) return 'forced'
  return undefined
}

/** A mining stake's state from its `status` (IMining: 1 locked, 2 unlocked, 3 completed) and the chain time. */
export function miningStakeState(status: bigint, endTime: bigint, now: number | undefined): RecordState | undefined {
  if (status === 1n) return now !== undefined && BigInt(now) >= endTime ? 'unlocked' : 'locked'
  if (status === 2n) return 'unlocked'
  if (status === 3n) return 'completed'
  return undefined
}

/**
 * A Stake record's state: locked until `lockTime`, then releasing daily (unlocked) until everything is released
 * (completed, `isValid` false).
 */
export function stakeRecordState(isValid: boolean, lockTime: bigint, now: number | undefined): RecordState {
  if (!isValid) return 'completed'
  return now !== undefined && BigInt(now) >= lockTime ? 'unlocked' : 'locked'
}

/**
 * The range a deposit must be in, from the contract's own bounds, or undefined while unknown: `min` raised to 1,
 * `max` the smallest of the limits (each a remaining room, never negative).
 *
 * @example
 * allowedRange(100n, [1_000n, 400n]) // { min: 100n, max: 400n }
 */
export function allowedRange(
  min: bigint | undefined,
  limits: readonly (bigint | undefined)[],
): { min: bigint; max: bigint } | undefined {
  if (min === undefined || limits.some((limit) => limit === undefined)) return undefined
  const max = (limits as bigint[]).reduce((low, limit) => (limit < low ? limit : low))
  return { min: min < 1n ? 1n : min, max: max < 0n ? 0n : max }
}

/** The FOM pot shares of the last five qualifying orders, latest first (FomoLib `WINNER_SHARES`, fixed). */
export const WINNER_SHARES_BPS = [5_000n, 2_000n, 1_500n, 1_000n, 500n] as const

/**
 * What a Double record has vested at chain time `now` (Double's `_vested`): its reward (the deposit times
 * MULTIPLE) linearly from `startTime` to `endTime`; undefined while the time is unknown.
 *
 * @example
 * doubleVested({ reward: 200n, startTime: 0n, endTime: 100n }, 25) // 50n
 */
export function doubleVested(
  record: { reward: bigint; startTime: bigint; endTime: bigint },
  now: number | undefined,
): bigint | undefined {
  if (now === undefined) return undefined
  const at = BigInt(Math.floor(now))
  if (at >= record.endTime) return record.reward
  if (at <= record.startTime) return 0n
  return (record.reward * (at - record.startTime)) / (record.endTime - record.startTime)
}

/**
 * How much more USDT the Double pool must receive before it can pay a record and every older record still owed in
 * full (Double.getLine: `owedAhead + owedSelf - held`, at least 0); 0 when it could pay them all now.
 *
 * @example
 * doubleShortOfLine({ owedAhead: 300n, owedSelf: 200n, held: 450n }) // 50n
 */
export function doubleShortOfLine(line: { owedAhead: bigint; owedSelf: bigint; held: bigint }): bigint {
  const needed = line.owedAhead + line.owedSelf
  return needed > line.held ? needed - line.held : 0n
}
