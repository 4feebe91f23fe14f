import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AwaitingOverlay } from './AwaitingOverlay.tsx'

describe('AwaitingOverlay', () => {
  it('shows a busy blocking overlay with a spinner and the label', () => {
    const { container } = render(<AwaitingOverlay open label="AWAITING" />)
    const overlay = screen.getByRole('alertdialog', { name: 'AWAITING' })
    expect(overlay.getAttribute('aria-busy')).toBe('true')
    expect(overlay.textContent).toBe('AWAITING')
    expect(container.querySelector('.ui-spinner')).not.toBeNull()
  })

  it('shows what it waits for under the label, when told', () => {
    render(<AwaitingOverlay open label="AWAITING" detail="1 of 2: Approve USDT" />)
    const overlay = screen.getByRole('alertdialog', { name: 'AWAITING' })
    expect(screen.getByTestId('awaiting-detail').textContent).toBe('1 of 2: Approve USDT')
    expect(overlay.textContent).toBe('AWAITING1 of 2: Approve USDT')
  })

  it('renders nothing while closed', () => {
    const { container } = render(<AwaitingOverlay open={false} label="AWAITING" />)
    expect(container.innerHTML).toBe('')
  })
})
