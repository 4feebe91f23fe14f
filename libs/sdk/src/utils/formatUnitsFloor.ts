import { formatUnits } from 'viem'
import { assertDecimals, type InvalidDecimalsErrorType } from '../errors/amount.ts'

export type FormatUnitsFloorErrorType = InvalidDecimalsErrorType

/**
 * Converts base units to a plain decimal string cut (never rounded) to `places` fraction digits, without
 * thousands separators and without trailing zeros. Negative values are cut toward zero, so the result never
 * shows more than the value.
 *
 * @param value - Amount in base units (e.g. wei).
 * @param decimals - Token decimals. @default 18
 * @param places - Fraction digits to keep. @default 4
 *
 * @example
 * formatUnitsFloor(1_234_567_890_000_000_000_000n) // '1234.5678'
 * formatUnitsFloor(999_999n, 6, 2) // '0.99'
 */
export function formatUnitsFloor(value: bigint, decimals = 18, places = 4): string {
  assertDecimals('decimals', decimals)
  assertDecimals('places', places)
  const negative = value < 0n
  const magnitude = negative ? -value : value
  const step = places >= decimals ? 1n : 10n ** BigInt(decimals - places)
  const cut = (magnitude / step) * step
  const text = formatUnits(cut, decimals)
  return negative && cut !== 0n ? `-${text}` : text
}
