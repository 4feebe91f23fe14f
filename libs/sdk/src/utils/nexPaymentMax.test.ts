import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { NEX_PAYMENT_ROOM_BPS, nexPaymentMax } from './nexPaymentMax.ts'

const NEX = 10n ** 18n

describe('nexPaymentMax', () => {
  test('adds the room and the rounding of a per-unit quote, rounded up', () => {
    expect(nexPaymentMax({ quote: 1_000n * NEX, units: 1n })).toBe(1_020n * NEX + 1n)
    expect(nexPaymentMax({ quote: 3n, units: 3n, roomBps: 1n })).toBe(4n + 3n)
    expect(nexPaymentMax({ quote: 888n * NEX, units: 2n, roomBps: 0n })).toBe(888n * NEX + 2n)
  })

  test('is 0 without a quote or units, and refuses a room outside 0..10,000', () => {
    expect(nexPaymentMax({ quote: 0n, units: 1n })).toBe(0n)
    expect(nexPaymentMax({ quote: NEX, units: 0n })).toBe(0n)
    expect(() => nexPaymentMax({ quote: NEX, units: 1n, roomBps: -1n })).toThrow(RangeError)
    expect(() => nexPaymentMax({ quote: NEX, units: 1n, roomBps: 10_001n })).toThrow(RangeError)
  })

  test('never below the per-unit quote times the units, and within the room of it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        (perUnit, units, roomBps) => {
          const quote = perUnit * units
          const max = nexPaymentMax({ quote, units, roomBps })
          expect(max >= quote + units).toBe(true)
          expect(max <= quote + (quote * roomBps) / 10_000n + 1n + units).toBe(true)
        },
      ),
    )
    expect(NEX_PAYMENT_ROOM_BPS).toBe(200n)
  })
})
