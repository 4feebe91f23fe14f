import { describe, expect, it } from 'vitest'
import { amountText, checkAmount, checkUnits } from './amountInput.ts'

const COMMA = 'Use a dot for decimals and no thousands separators, e.g. 1.5 or 1000'
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
    ['1,000', COMMA],
    ['1,5', COMMA],
    ['１，５', COMMA],
    ['abc', 'Amount not within the allowed range'],
    ['0.0000000000000000001', 'Amount not within the allowed range'],
  ])('refuses %j with "%s"', (input, expected) => {
    expect(message(checkAmount(input))).toBe(expected)
  })

  it('reads what Chinese input methods type: full-width digits and dots', () => {
    expect(checkAmount('０.５')).toEqual({ ok: true, value: 5n * 10n ** 17n })
    expect(checkAmount('０．５')).toEqual({ ok: true, value: 5n * 10n ** 17n })
    expect(checkAmount('１２。２５')).toEqual({ ok: true, value: 1225n * 10n ** 16n })
    expect(checkAmount('\u3000１００\u3000')).toEqual({ ok: true, value: 100n * 10n ** 18n })
    expect(amountText(' ０１２３４５６７８９．')).toBe('0123456789.')
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
    expect(checkUnits('１２')).toEqual({ ok: true, value: 12n })
    expect(message(checkUnits('1,5'))).toBe(COMMA)
  })
})
