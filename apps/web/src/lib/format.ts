import { formatAmount } from '@nexus/sdk'

/**
 * A token amount floored to `places` decimals with thousands separators (SPEC.md §5), or a dash while unknown.
 *
 * @example
 * showAmount(1234567890000000000000n) // '1,234.5678'
 */
export function showAmount(value: bigint | undefined, places = 4, decimals = 18): string {
  return value === undefined ? '—' : formatAmount(value, decimals, places)
}

/**
 * Whether an amount shows as 0 where it is shown (floored to `places` decimals): an expected result this small is
 * nothing to the user, and a write that would bring only that is refused.
 *
 * @example
 * showsAsZero(10n ** 13n) // true: 0.00001 shows as 0
 */
export function showsAsZero(value: bigint, places = 4, decimals = 18): boolean {
  return value < 10n ** BigInt(Math.max(decimals - places, 0))
}

/** A count with thousands separators, or a dash while unknown. */
export function showCount(value: bigint | number | undefined): string {
  return value === undefined ? '—' : formatAmount(BigInt(value), 0, 0)
}

const timeFormat = new Intl.DateTimeFormat('zh-TW', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
})

/**
 * A Unix time in the Chinese locale, 24-hour (SPEC.md §9), or a dash for 0 (unset).
 *
 * @example
 * showTime(1767225600n) // '2026/01/01 08:00:00' (in Asia/Taipei)
 */
export function showTime(seconds: bigint | number | undefined): string {
  if (seconds === undefined || BigInt(seconds) === 0n) return '—'
  return timeFormat.format(new Date(Number(seconds) * 1000))
}
