import fc from 'fast-check'
import { formatUnits, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  AmountEmptyError,
  AmountExponentError,
  AmountFormatError,
  AmountHexError,
  AmountNonAsciiDigitError,
  AmountOverflowError,
  AmountSeparatorError,
  AmountSignError,
  AmountTooManyDecimalsError,
  AmountWhitespaceError,
  InvalidDecimalsError,
} from '../errors/amount.ts'
import { BaseError } from '../errors/base.ts'
import { parseAmount } from './parseAmount.ts'

describe('parseAmount', () => {
  it.each([
    ['0', 18, 0n],
    ['1', 18, 10n ** 18n],
    ['1.5', 18, 15n * 10n ** 17n],
    ['0.000000000000000001', 18, 1n],
    ['007', 18, 7n * 10n ** 18n],
    ['12.34', 6, 12_340_000n],
    ['12.340000', 6, 12_340_000n],
    ['5', 0, 5n],
    ['21000000', 18, 21_000_000n * 10n ** 18n],
    [maxUint256.toString(), 0, maxUint256],
    [formatUnits(maxUint256, 18), 18, maxUint256],
  ])('parses %j with %i decimals', (input, decimals, expected) => {
    expect(parseAmount(input, decimals)).toBe(expected)
  })

  it('uses 18 decimals by default', () => {
    expect(parseAmount('2')).toBe(2n * 10n ** 18n)
  })

  // Every rejection class, more than 25 inputs: none of them may produce a number (not even 0).
  const bad: [string, number, new (...args: never[]) => Error][] = [
    ['', 18, AmountEmptyError],
    [' ', 18, AmountWhitespaceError],
    [' 1', 18, AmountWhitespaceError],
    ['1 ', 18, AmountWhitespaceError],
    ['1 000', 18, AmountWhitespaceError],
    ['1\t', 18, AmountWhitespaceError],
    ['\n1', 18, AmountWhitespaceError],
    ['1\u00a0000', 18, AmountWhitespaceError],
    ['1\u200b', 18, AmountWhitespaceError],
    ['-1', 18, AmountSignError],
    ['+1', 18, AmountSignError],
    ['-0', 18, AmountSignError],
    ['\u22121', 18, AmountSignError],
    ['1e18', 18, AmountExponentError],
    ['1E5', 18, AmountExponentError],
    ['1.5e3', 18, AmountExponentError],
    ['1e-3', 18, AmountExponentError],
    ['0x10', 18, AmountHexError],
    ['0XFF', 18, AmountHexError],
    ['0x', 18, AmountHexError],
    ['1,000', 18, AmountSeparatorError],
    ['1,000.5', 18, AmountSeparatorError],
    ['1_000', 18, AmountSeparatorError],
    ["1'000", 18, AmountSeparatorError],
    ['1,5', 18, AmountSeparatorError],
    ['1.000.000', 18, AmountSeparatorError],
    ['1.234,5', 18, AmountSeparatorError],
    ['1..2', 18, AmountSeparatorError],
    ['0.1234567', 6, AmountTooManyDecimalsError],
    ['1.0', 0, AmountTooManyDecimalsError],
    ['0.0000000000000000001', 18, AmountTooManyDecimalsError],
    ['\uff11\uff12', 18, AmountNonAsciiDigitError],
    ['\u0663', 18, AmountNonAsciiDigitError],
    ['1\u0660', 18, AmountNonAsciiDigitError],
    ['\u096f.5', 18, AmountNonAsciiDigitError],
    [(maxUint256 + 1n).toString(), 0, AmountOverflowError],
    [formatUnits(maxUint256 + 1n, 18), 18, AmountOverflowError],
    ['1' + '0'.repeat(80), 0, AmountOverflowError],
    ['abc', 18, AmountFormatError],
    ['1.', 18, AmountFormatError],
    ['.5', 18, AmountFormatError],
    ['.', 18, AmountFormatError],
    ['NaN', 18, AmountFormatError],
    ['Infinity', 18, AmountFormatError],
    ['1a', 18, AmountFormatError],
    ['12$', 18, AmountFormatError],
    ['0b101', 18, AmountFormatError],
    [',', 18, AmountFormatError],
  ]

  it('has a table of at least 25 bad inputs', () => {
    expect(bad.length).toBeGreaterThanOrEqual(25)
  })

  it.each(bad)('rejects %j (%i decimals)', (input, decimals, ErrorClass) => {
    let thrown: unknown
    let result: bigint | undefined
    try {
      result = parseAmount(input, decimals)
    } catch (error) {
      thrown = error
    }
    expect(result).toBeUndefined()
    expect(thrown).toBeInstanceOf(ErrorClass)
    expect(thrown).toBeInstanceOf(BaseError)
    expect((thrown as Error).name).toBe(ErrorClass.name)
    expect((thrown as AmountEmptyError).input).toBe(input)
  })

  it('explains what to fix', () => {
    expect(() => parseAmount('0.1234567', 6)).toThrowErrorMatchingInlineSnapshot(`
      [AmountTooManyDecimalsError: The amount has more than 6 decimal places.

      Input: "0.1234567"
      This token has 6 decimals: keep at most 6 digits after the point.

      Docs: @nexus/sdk README.md#amounts
      Version: @nexus/sdk@0.1.0]
    `)
  })

  it.each([-1, 1.5, 256, Number.NaN])('rejects %d decimals as a programming error', (decimals) => {
    expect(() => parseAmount('1', decimals)).toThrowError(InvalidDecimalsError)
  })

  it('round-trips formatUnits for random values and every decimals from 0 to 18', () => {
    for (let decimals = 0; decimals <= 18; decimals++) {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: maxUint256 }), (value) => {
          expect(parseAmount(formatUnits(value, decimals), decimals)).toBe(value)
        }),
        { numRuns: 200 },
      )
    }
  })

  it('round-trips small values too (where fraction digits and leading zeros matter)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 18 }), (value, decimals) => {
        expect(parseAmount(formatUnits(value, decimals), decimals)).toBe(value)
      }),
      { numRuns: 1000 },
    )
  })
})
