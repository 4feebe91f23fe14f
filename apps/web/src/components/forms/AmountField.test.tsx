import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AmountField } from './AmountField.tsx'

describe('AmountField', () => {
  it('labels the input, shows the hint, and reports every keystroke as typed (no parsing here)', () => {
    const onChange = vi.fn()
    render(<AmountField label="Amount (USDT)" hint="Balance 12.5 USDT" value="" onChange={onChange} testId="amount" />)
    const input = screen.getByLabelText(/Amount \(USDT\)/)
    expect(input).toBe(screen.getByTestId('amount'))
    expect(input.getAttribute('inputmode')).toBe('decimal')
    expect(screen.getByText('Balance 12.5 USDT').className).toBe('app-muted')
    fireEvent.change(input, { target: { value: '1e3' } })
    expect(onChange).toHaveBeenCalledWith('1e3')
  })

  it('asks for whole units with a numeric keyboard, without a hint', () => {
    render(<AmountField label="Units" value="2" onChange={() => undefined} testId="units" inputMode="numeric" />)
    const input = screen.getByTestId('units') as HTMLInputElement
    expect(input.value).toBe('2')
    expect(input.getAttribute('inputmode')).toBe('numeric')
    expect(input.closest('label')?.querySelector('.app-muted')).toBeNull()
  })
})
