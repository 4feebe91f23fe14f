import { useState } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MockInstance } from 'vitest'
import { ErrorBoundary, ErrorFallback } from './ErrorBoundary.tsx'

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new TypeError('Failed to fetch dynamically imported module: /assets/burn.js')
  return <p>fine</p>
}

describe('ErrorBoundary', () => {
  let consoleError: MockInstance
  beforeEach(() => {
    // React reports caught render errors on the console; keep the test output readable.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => consoleError.mockRestore())

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary fallback={() => <p>failed</p>}>
        <Bomb explode={false} />
      </ErrorBoundary>,
    )
    expect(screen.getByText('fine')).toBeDefined()
  })

  it('shows the fallback with the error and reports it', () => {
    const onError = vi.fn()
    render(
      <ErrorBoundary fallback={(error) => <p>caught: {error.message}</p>} onError={onError}>
        <Bomb explode />
      </ErrorBoundary>,
    )
    expect(screen.getByText(/caught: Failed to fetch dynamically imported module/)).toBeDefined()
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it('recovers through reset', () => {
    function Harness() {
      const [explode, setExplode] = useState(true)
      return (
        <ErrorBoundary
          fallback={(_error, reset) => (
            <button
              onClick={() => {
                setExplode(false)
                reset()
              }}
            >
              retry
            </button>
          )}
        >
          <Bomb explode={explode} />
        </ErrorBoundary>
      )
    }
    render(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: 'retry' }))
    expect(screen.getByText('fine')).toBeDefined()
  })
})

describe('ErrorFallback', () => {
  it('shows an alert with a reload button', () => {
    const onReload = vi.fn()
    render(
      <ErrorFallback
        title="Page failed to load"
        message="Check the network"
        reloadLabel="Reload"
        onReload={onReload}
      />,
    )
    expect(screen.getByRole('alert').textContent).toContain('Page failed to load')
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(onReload).toHaveBeenCalledTimes(1)
  })
})
