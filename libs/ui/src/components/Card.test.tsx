import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Card } from './Card.tsx'
import { EmptyState } from './EmptyState.tsx'
import { Spinner } from './Spinner.tsx'

describe('Card', () => {
  it('renders a titled section with actions', () => {
    render(
      <Card title="My rewards" actions={<button>Claim</button>} aria-label="rewards">
        <p>12.5 NEX</p>
      </Card>,
    )
    const card = screen.getByRole('region', { name: 'rewards' })
    expect(screen.getByRole('heading', { name: 'My rewards' })).toBeDefined()
    expect(card.textContent).toBe('My rewardsClaim12.5 NEX')
  })

  it('omits the header without title and actions', () => {
    const { container } = render(<Card>body</Card>)
    expect(container.querySelector('.ui-card__header')).toBeNull()
  })
})

describe('EmptyState', () => {
  it('shows the text it is given', () => {
    render(<EmptyState text="No data yet" />)
    expect(screen.getByText('No data yet')).toBeDefined()
  })
})

describe('Spinner', () => {
  it('is a named status when labelled and hidden otherwise', () => {
    const { container } = render(
      <>
        <Spinner label="Loading" />
        <Spinner />
      </>,
    )
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined()
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(1)
  })
})
