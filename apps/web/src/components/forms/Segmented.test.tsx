import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Segmented } from './Segmented.tsx'

describe('Segmented', () => {
  it('is a radio group with one checked option, and reports the chosen one', () => {
    const onChange = vi.fn()
    render(
      <Segmented
        label="Pay with"
        options={['USDT', 'NEX'] as const}
        value="USDT"
        onChange={onChange}
        testIdPrefix="pay-"
      />,
    )
    const group = screen.getByRole('radiogroup', { name: 'Pay with' })
    const radios = screen.getAllByRole('radio')
    expect(group.contains(radios[0] ?? null)).toBe(true)
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['true', 'false'])
    expect(screen.getByTestId('pay-USDT').className).toContain('is-active')
    fireEvent.click(screen.getByTestId('pay-NEX'))
    expect(onChange).toHaveBeenCalledWith('NEX')
  })

  it('renders options its own way', () => {
    render(
      <Segmented<number>
        label="Slippage"
        options={[50, 100]}
        value={100}
        onChange={() => undefined}
        render={(bps) => `${bps / 100}%`}
      />,
    )
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['0.5%', '1%'])
  })
})
