import { maxUint256 } from 'viem'
import {
  AmountEmptyError,
  type AmountEmptyErrorType,
  AmountExponentError,
  type AmountExponentErrorType,
  AmountFormatError,
  type AmountFormatErrorType,
  AmountHexError,
  type AmountHexErrorType,
  AmountNonAsciiDigitError,
  type AmountNonAsciiDigitErrorType,
  AmountOverflowError,
  type AmountOverflowErrorType,
  AmountSeparatorError,
  type AmountSeparatorErrorType,
  AmountSignError,
  type AmountSignErrorType,
  AmountTooManyDecimalsError,
  type AmountTooManyDecimalsErrorType,
  AmountWhitespaceError,
  type AmountWhitespaceErrorType,
  assertDecimals,
  type InvalidDecimalsErrorType,
} from '../errors/amount.ts'

export type ParseAmountErrorType =
  | AmountEmptyErrorType
  | AmountWhitespaceErrorType
  | AmountSignErrorType
  | AmountExponentErrorType
  | AmountHexErrorType
  | AmountSeparatorErrorType
  | AmountTooManyDecimalsErrorType
  | AmountNonAsciiDigitErrorType
  | AmountOverflowErrorType
  | AmountFormatErrorType
  | InvalidDecimalsErrorType

const decimal = /^([0-9]+)(?:\.([0-9]+))?$/
// Whitespace and the invisible zero-width characters that paste along with numbers.
const whitespace = /\s|[\u200b\u200c\u2060\ufeff]|\u200d/u
const nonAsciiDigit = /[^\P{Nd}0-9]/u
const sign = /^[+\-\u2212\uff0b\uff0d]/u
const hex = /^0[xX]/
const exponent = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)[eE][+-]?[0-9]*$/
const groupingChars = /^[0-9.,_'\u2019\u00b7\u066c\u066b]+$/u
const grouping = /[,_'\u2019\u00b7\u066c\u066b]/u

/** Digits mixed with grouping marks (`1,000`, `1_000`, `1,5`) or with several points (`1.000.000`). */
function hasSeparator(input: string) {
  if (!groupingChars.test(input) || !/[0-9]/.test(input)) return false
  return grouping.test(input) || input.indexOf('.') !== input.lastIndexOf('.')
}

/**
 * Parses a decimal amount typed by a user into base units, strictly: it accepts ASCII digits with at most one
 * `.` between digits (`12`, `0.5`, `007.10`) and nothing else. Every other input throws a typed error — it never
 * returns 0 for bad input.
 *
 * | rejected input | error |
 * |---|---|
 * | `''` | `AmountEmptyError` |
 * | `' 1'`, `'1 000'`, `'1\t'` | `AmountWhitespaceError` |
 * | `'-1'`, `'+1'` | `AmountSignError` |
 * | `'1e18'` | `AmountExponentError` |
 * | `'0x10'` | `AmountHexError` |
 * | `'1,000'`, `'1_000'`, `'1,5'`, `'1.000.000'` | `AmountSeparatorError` |
 * | `'0.1234567'` with 6 decimals | `AmountTooManyDecimalsError` |
 * | `'１２'`, `'٣'` | `AmountNonAsciiDigitError` |
 * | more than 2^256 - 1 base units | `AmountOverflowError` |
 * | `'abc'`, `'1.'`, `'.5'`, `'NaN'` | `AmountFormatError` |
 *
 * @param input - The text the user typed.
 * @param decimals - Token decimals. @default 18
 * @returns The amount in base units.
 * @throws {ParseAmountErrorType}
 *
 * @example
 * parseAmount('1.5') // 1_500_000_000_000_000_000n
 * parseAmount('12.34', 6) // 12_340_000n
 * parseAmount('1,000') // throws AmountSeparatorError
 */
export function parseAmount(input: string, decimals = 18): bigint {
  assertDecimals('decimals', decimals)
  if (input === '') throw new AmountEmptyError(input)
  if (whitespace.test(input)) throw new AmountWhitespaceError(input)
  if (nonAsciiDigit.test(input)) throw new AmountNonAsciiDigitError(input)
  if (sign.test(input)) throw new AmountSignError(input)
  if (hex.test(input)) throw new AmountHexError(input)
  if (exponent.test(input)) throw new AmountExponentError(input)
  if (hasSeparator(input)) throw new AmountSeparatorError(input)
  const match = decimal.exec(input)
  if (!match) throw new AmountFormatError(input)
  const [, integer = '', fraction = ''] = match
  if (fraction.length > decimals) throw new AmountTooManyDecimalsError(input, decimals)
  const value = BigInt(integer + fraction.padEnd(decimals, '0'))
  if (value > maxUint256) throw new AmountOverflowError(input)
  return value
}
