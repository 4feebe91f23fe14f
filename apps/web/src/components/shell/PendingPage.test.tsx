import { act, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale, i18n } from '../../lib/i18n.ts'
import { CHUNK_LOAD_TIMEOUT_MS, PENDING_MS, PendingPage } from './PendingPage.tsx'

describe('PendingPage', () => {
  beforeEach(async () => {
    await activateLocale('en')
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('shows a labelled spinner, then after the chunk load timeout the reload message', () => {
    render(
      <I18nProvider i18n={i18n}>
        <PendingPage />
      </I18nProvider>,
    )
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined()
    act(() => vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - PENDING_MS - 1))
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('alert').textContent).toContain('This page failed to load')
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined()
  })
})
