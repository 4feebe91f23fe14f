import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { App } from './App.tsx'
import { activateLocale, LANG_KEY } from './lib/i18n.ts'

describe('App shell', () => {
  beforeEach(async () => {
    window.history.replaceState(null, '', '/')
    await activateLocale('zh-Hant')
  })

  it('renders the shell in Traditional Chinese by default', async () => {
    render(<App />)
    expect((await screen.findByTestId('wallet-button')).textContent).toBe('未連接')
    expect(screen.getByTestId('footer').textContent).toBe('2025·基於幣安智能鏈')
    const tabs = within(screen.getByTestId('bottom-nav')).getAllByRole('link')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['首頁', '燃燒', 'FOM', '我的', '挖礦', '超級 FOM'])
    expect(tabs[0]?.getAttribute('aria-current')).toBe('page')
  })

  it('opens the side menu with the six sections and no admin entries for visitors', async () => {
    render(<App />)
    fireEvent.click(await screen.findByTestId('menu-button'))
    const menu = screen.getByTestId('side-menu')
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['首頁', '超級 FOM', '挖礦', '燃燒分紅', '社區', '我的', '透明度'])
    expect(screen.queryByTestId('admin-menu')).toBeNull()
  })

  it('switches to English and remembers it', async () => {
    render(<App />)
    const toggle = await screen.findByTestId('language-toggle')
    await act(async () => fireEvent.click(toggle))
    await waitFor(() => expect(screen.getByTestId('wallet-button').textContent).toBe('UNCONNECT'))
    expect(window.localStorage.getItem(LANG_KEY)).toBe('en')
    expect(screen.getByTestId('footer').textContent).toBe('2025·Based on Binance Smart Chain')
  })

  it('renders an invalid invite code as inert text', async () => {
    const payload = '<img src=x onerror="window.__xss=1">'
    window.history.replaceState(null, '', `/burn?code=${encodeURIComponent(payload)}`)
    render(<App />)
    const shown = await screen.findByTestId('invite-code-rejected')
    expect(shown.textContent).toBe(payload)
    expect(shown.querySelector('img')).toBeNull()
    expect(window.localStorage.getItem('inviteCode')).toBe('0x0000000000000000000000000000000000000000')
  })
})
