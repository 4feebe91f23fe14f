import { fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale, i18n, loadCatalogs } from '../../../lib/i18n.ts'
import { ListView } from './ListView.tsx'

function show(props: Partial<Parameters<typeof ListView>[0]>) {
  const onMore = vi.fn()
  const onRetry = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <ListView rows={null} count={0} status="ready" hasMore={false} onMore={onMore} onRetry={onRetry} {...props} />
    </I18nProvider>,
  )
  return { onMore, onRetry }
}

describe('ListView', () => {
  beforeEach(async () => {
    await activateLocale('en')
    await loadCatalogs(['account'])
  })

  it('shows a labelled spinner while a page loads', () => {
    show({ status: 'loading' })
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined()
    expect(screen.queryByText('No data yet')).toBeNull()
  })

  it('says "No data yet" without any row', () => {
    show({})
    expect(screen.getByText('No data yet')).toBeDefined()
    expect(screen.queryByText('No more')).toBeNull()
  })

  it('offers "Load more" while pages remain, and "No more" at the end', () => {
    const { onMore } = show({ rows: <li>row</li>, count: 1, hasMore: true })
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(onMore).toHaveBeenCalledOnce()
    expect(screen.queryByText('No more')).toBeNull()
  })

  it('says "No more" after the last row', () => {
    show({ rows: <li>row</li>, count: 1 })
    expect(screen.getByText('No more')).toBeDefined()
    expect(screen.getByText('row')).toBeDefined()
  })

  it('shows an error with a retry', () => {
    const { onRetry } = show({ status: 'error' })
    expect(screen.getByRole('alert').textContent).toContain('The list could not be loaded')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('speaks Traditional Chinese', async () => {
    await activateLocale('zh-Hant')
    show({})
    expect(screen.getByText('暫無數據')).toBeDefined()
  })
})
