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

  it('renders nothing while closed', () => {
    const { container } = render(<AwaitingOverlay open={false} label="AWAITING" />)
    expect(container.innerHTML).toBe('')
  })
})
