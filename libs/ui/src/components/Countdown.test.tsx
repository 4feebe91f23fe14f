import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Countdown } from './Countdown.tsx'

const labels = { days: 'D', hours: 'H', minutes: 'M', seconds: 'S' }

function values(container: HTMLElement) {
  return [...container.querySelectorAll('.ui-countdown__value')].map((el) => el.textContent)
}

describe('Countdown', () => {
  it('shows zero-padded units with their labels', () => {
    const { container } = render(<Countdown seconds={2 * 86_400 + 3 * 3_600 + 4 * 60 + 5} labels={labels} />)
    expect(values(container)).toEqual(['02', '03', '04', '05'])
    expect(screen.getByRole('timer').textContent).toBe('02D03H04M05S')
  })

  it('shows zeros once passed', () => {
    const { container } = render(<Countdown seconds={-30} labels={labels} />)
    expect(values(container)).toEqual(['00', '00', '00', '00'])
  })

  it('follows new values', () => {
    const { container, rerender } = render(<Countdown seconds={61} labels={labels} />)
    rerender(<Countdown seconds={60} labels={labels} />)
    expect(values(container)).toEqual(['00', '00', '01', '00'])
  })
})
