import type { InvalidTimestampErrorType } from '../errors/time.ts'
import { type Timestamp, toSeconds } from './toSeconds.ts'

export type CountdownReturnType = {
  /** Whole days left, at least two digits (`'00'`, `'03'`, `'120'`). */
  days: string
  /** Hours left after the days, `'00'` to `'23'`. */
  hours: string
  /** Minutes left after the hours, `'00'` to `'59'`. */
  minutes: string
  /** Seconds left after the minutes, `'00'` to `'59'`. */
  seconds: string
  /** Seconds left in total (0 once `target` has passed). */
  total: number
  /** True once `target` has been reached. */
  done: boolean
}

export type CountdownErrorType = InvalidTimestampErrorType

const pad = (value: number) => String(value).padStart(2, '0')

/**
 * Splits the time left until `target` into zero-padded days, hours, minutes and seconds for a countdown
 * display (SPEC.md §4; the web app ticks it once a second). All zeros once `target` has passed.
 *
 * @param target - When the countdown ends: Unix seconds (number or bigint, as contracts return them) or a Date.
 * @param now - The current time in the same forms. @default new Date()
 *
 * @example
 * countdown(1_700_000_000n, 1_699_909_002)
 * // { days: '01', hours: '01', minutes: '16', seconds: '38', total: 90998, done: false }
 */
export function countdown(target: Timestamp, now: Timestamp = new Date()): CountdownReturnType {
  const total = Math.max(0, toSeconds('target', target) - toSeconds('now', now))
  return {
    days: pad(Math.floor(total / 86_400)),
    hours: pad(Math.floor((total % 86_400) / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
    total,
    done: total === 0,
  }
}
