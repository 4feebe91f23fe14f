import { describe, expect, it } from 'vitest'
import { checkAmount, checkUnits } from './amountInput.ts'

const message = (result: ReturnType<typeof checkAmount>) => (result.ok ? result.value : result.message.message)

describe('checkAmount (SPEC.md §5)', () => {
  it('accepts a plain decimal and returns base units', () => {
    expect(checkAmount('12.5')).toEqual({ ok: true, value: 12_500_000_000_000_000_000n })
    expect(checkAmount(' 7 ', { decimals: 6 })).toEqual({ ok: true, value: 7_000_000n })
  })

  it.each([
    ['', 'Quantity must be greater than 0'],
    ['0', 'Quantity must be greater than 0'],
    ['0.000', 'Quantity must be greater than 0'],
    ['-1', 'Amount not within the allowed range'],
    ['1e3', 'Amount not within the allowed range'],
    ['1,000', 'Amount not within the allowed range'],
    ['abc', 'Amount not within the allowed range'],
    ['0.0000000000000000001', 'Amount not within the allowed range'],
  ])('refuses %j with "%s"', (input, expected) => {
    expect(message(checkAmount(input))).toBe(expected)
  })

  it('checks the minimum, the maximum and the balance, in that order', () => {
    const rules = { min: 10n ** 18n, max: 10n ** 20n, balance: 5n * 10n ** 18n }
    expect(message(checkAmount('0.5', rules))).toBe('Below the minimum')
    expect(message(checkAmount('101', rules))).toBe('Exceeds the maximum')
    expect(message(checkAmount('6', rules))).toBe('Balance Insufficient')
    expect(checkAmount('5', rules)).toEqual({ ok: true, value: 5n * 10n ** 18n })
  })
})

describe('checkUnits', () => {
  it('takes whole numbers only', () => {
    expect(checkUnits('3')).toEqual({ ok: true, value: 3n })
    expect(message(checkUnits('1.5'))).toBe('Amount not within the allowed range')
    expect(message(checkUnits(''))).toBe('Quantity must be greater than 0')
    expect(message(checkUnits('3', { max: 2n }))).toBe('Exceeds the maximum')
  })
})
