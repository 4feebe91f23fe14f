import { formatUnits, parseUnits } from 'viem'

/** Decimal places of money, power and on-chain amounts of the payment token and the native coin. */
export const moneyDecimals = 18

/** A database decimal (Prisma `Decimal`, or its exact string) in base units (10^-18), exactly. */
export function toUnits(value: { toFixed: () => string } | string): bigint {
  return parseUnits(typeof value === 'string' ? value : value.toFixed(), moneyDecimals)
}

/** Base units as the exact decimal string the API answers with and Prisma stores (`12.5`, `0`). */
export function fromUnits(units: bigint): string {
  return formatUnits(units, moneyDecimals)
}

/** A database decimal as the API's exact decimal string (no exponent, no trailing zeros). */
export function decimalText(value: { toFixed: () => string } | string): string {
  return fromUnits(toUnits(value))
}
