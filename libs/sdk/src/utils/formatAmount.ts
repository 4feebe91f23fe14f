import { formatUnitsFloor, type FormatUnitsFloorErrorType } from './formatUnitsFloor.ts'

export type FormatAmountErrorType = FormatUnitsFloorErrorType

/**
 * Formats base units for display: cut (never rounded up) to `places` fraction digits, with `,` thousands
 * separators and without trailing zeros (SPEC.md §5). Use {@link formatUnitsFloor} for the plain form.
 *
 * @param value - Amount in base units (e.g. wei).
 * @param decimals - Token decimals. @default 18
 * @param places - Fraction digits to keep. @default 4
 *
 * @example
 * formatAmount(1_234_567_899_999_999_999_999n) // '1,234.5678'
 * formatAmount(21_000_000n * 10n ** 18n) // '21,000,000'
 * formatAmount(123_456_789n, 6, 2) // '123.45'
 */
export function formatAmount(value: bigint, decimals = 18, places = 4): string {
  const plain = formatUnitsFloor(value, decimals, places)
  const negative = plain.startsWith('-')
  const [integer = '0', fraction] = (negative ? plain.slice(1) : plain).split('.')
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`
}
