import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { App } from '../../App.tsx'
import { activateLocale } from '../../lib/i18n.ts'

const ADMIN_PATHS = ['/manager', '/managerSuper', '/managerFom', '/managerMining'] as const

describe('admin screens without a manager', () => {
  beforeEach(async () => {
    await activateLocale('zh-Hant')
  })

  it.each(ADMIN_PATHS)('%s refuses a visitor with a clear page and shows no form', async (path) => {
    window.history.replaceState(null, '', path)
    render(<App />)
    const refusal = await screen.findByTestId('not-manager')
    expect(within(refusal).getByRole('heading').textContent).toBe('非管理員')
    expect(refusal.textContent).toContain('請連接管理員錢包以使用此頁面。')
    expect(screen.queryByTestId('admin-forms')).toBeNull()
  })

  it('says it in English too', async () => {
    window.history.replaceState(null, '', '/managerMining')
    render(<App />)
    await screen.findByTestId('not-manager')
    await act(async () => fireEvent.click(screen.getByTestId('language-toggle')))
    await waitFor(() => expect(screen.getByTestId('not-manager').textContent).toContain('Not a manager'))
    expect(screen.getByTestId('not-manager').textContent).toContain("Connect a manager's wallet to use this screen.")
  })
})

describe('transparency page', () => {
  beforeEach(async () => {
    await activateLocale('en')
  })

  it('is public: the solvency panel and the admin actions show without a wallet', async () => {
    window.history.replaceState(null, '', '/transparency')
    render(<App />)
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Transparency')
    expect(await screen.findByTestId('solvency')).toBeTruthy()
    expect(screen.getByTestId('admin-actions')).toBeTruthy()
    expect(screen.queryByTestId('not-manager')).toBeNull()
  })
})
