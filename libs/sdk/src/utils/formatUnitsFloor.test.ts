import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidDecimalsError } from '../errors/amount.ts'
import { formatUnitsFloor } from './formatUnitsFloor.ts'
import { parseAmount } from './parseAmount.ts'

describe('formatUnitsFloor', () => {
  it.each([
    [0n, 18, 4, '0'],
    [1_234_567_890_000_000_000_000n, 18, 4, '1234.5678'],
    [1_999_999_999_999_999_999n, 18, 4, '1.9999'],
    [1_000_000_000_000_000_000n, 18, 4, '1'],
    [1_500_000_000_000_000_000n, 18, 4, '1.5'],
    [99_999_999_999_999n, 18, 4, '0'],
    [100_000_000_000_000n, 18, 4, '0.0001'],
    [999_999n, 6, 2, '0.99'],
    [123n, 0, 4, '123'],
    [123_456n, 2, 4, '1234.56'],
    [1_999_999_999_999_999_999n, 18, 0, '1'],
    [-1_999_999_999_999_999_999n, 18, 2, '-1.99'],
    [-99n, 18, 4, '0'],
  ])('formatUnitsFloor(%s, %i, %i) = %j', (value, decimals, places, expected) => {
    expect(formatUnitsFloor(value, decimals, places)).toBe(expected)
  })

  it('never shows more than the value and is within one step below it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 20 }),
        (value, decimals, places) => {
          const shown = parseAmount(formatUnitsFloor(value, decimals, places), decimals)
          expect(shown <= value).toBe(true)
          const step = places >= decimals ? 1n : 10n ** BigInt(decimals - places)
          expect(value - shown < step).toBe(true)
        },
      ),
    )
  })

  it('rejects invalid decimals and places', () => {
    expect(() => formatUnitsFloor(1n, -1)).toThrowError(InvalidDecimalsError)
    expect(() => formatUnitsFloor(1n, 18, 0.5)).toThrowError(InvalidDecimalsError)
  })
})
