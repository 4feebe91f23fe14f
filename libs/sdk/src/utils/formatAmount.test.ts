import { describe, expect, it } from 'vitest'
import { InvalidDecimalsError } from '../errors/amount.ts'
import { formatAmount } from './formatAmount.ts'

const e18 = 10n ** 18n

describe('formatAmount', () => {
  it.each([
    [0n, 18, 4, '0'],
    [1_234_567_899_999_999_999_999n, 18, 4, '1,234.5678'],
    [21_000_000n * e18, 18, 4, '21,000,000'],
    [999n * e18, 18, 4, '999'],
    [1000n * e18, 18, 4, '1,000'],
    [1_000_000n * e18 - 1n, 18, 4, '999,999.9999'],
    [123_456_789n, 6, 2, '123.45'],
    [123_456_789_012n, 0, 4, '123,456,789,012'],
    [5n * 10n ** 17n, 18, 0, '0'],
    [-1_234_567n * e18, 18, 4, '-1,234,567'],
    [1n, 18, 18, '0.000000000000000001'],
    [1n, 18, 4, '0'],
  ])('formatAmount(%s, %i, %i) = %j', (value, decimals, places, expected) => {
    expect(formatAmount(value, decimals, places)).toBe(expected)
  })

  it('uses 18 decimals and 4 places by default', () => {
    expect(formatAmount(9_876_543_219_999_999_999_999n)).toBe('9,876.5432')
  })

  it('never rounds up, even one base unit below a boundary', () => {
    expect(formatAmount(10_000n * e18 - 1n)).toBe('9,999.9999')
    expect(formatAmount(10n ** 14n - 1n)).toBe('0')
  })

  it('rejects invalid places', () => {
    expect(() => formatAmount(1n, 18, -1)).toThrowError(InvalidDecimalsError)
  })
})
