import { describe, expect, it } from 'vitest'
import { openPage, waitForPage } from './lib/browser.ts'
import { ROUTES } from './lib/routes.ts'
import { readShell } from './lib/shell.ts'
import { baseUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

describe('shell', () => {
  it('renders every route of SPEC.md §2 inside the shell, without console errors', async () => {
    const { page, problems, context } = await openPage(browser)
    const headings = new Set<string>()
    for (const route of ROUTES) {
      await page.goto(`${baseUrl}${route}`)
      await waitForPage(page, route)
      const shell = await readShell(page)
      expect(shell.wallet, route).toBe('未連接')
      expect(shell.footer, route).toBe('2025·基於幣安智能鏈')
      expect(shell.tabs, route).toEqual(['首頁', '燃燒', 'FOM', '我的', '挖礦', '超級 FOM'])
      expect(shell.htmlLang, route).toBe('zh-Hant')
      expect(shell.heading, route).toBeTruthy()
      // Home's heading is its slogan; its tab title is "Home".
      expect(shell.title, route).toBe(route === '/' || route === '/home' ? '首頁 · NEXUS' : `${shell.heading} · NEXUS`)
      // Every page is built: none says it comes with a later release.
      expect(await page.getByTestId('coming-soon').count(), route).toBe(0)
      if (route !== '/home') headings.add(shell.heading ?? '')
      expect(problems.list, route).toEqual([])
    }
    // Every page has its own title (/ and /home share the home page).
    expect(headings.size).toBe(ROUTES.length - 1)
    await context.close()
  })

  it('marks the bottom tab of the current section active', async () => {
    const { page, context } = await openPage(browser)
    const expected: Record<string, string> = {
      '/': '首頁',
      '/orders': '燃燒',
      '/fomoTeam': 'FOM',
      '/stake': '我的',
      '/miningMine': '挖礦',
      '/superFomMine': '超級 FOM',
    }
    for (const [route, tab] of Object.entries(expected)) {
      await page.goto(`${baseUrl}${route}`)
      await waitForPage(page, route)
      expect((await readShell(page)).activeTab, route).toEqual([tab])
    }
    await context.close()
  })

  it('opens the side menu with the six sections, without admin entries for visitors', async () => {
    const { page, problems, context } = await openPage(browser)
    await page.goto(`${baseUrl}/burn`)
    await waitForPage(page, '/burn')
    await page.getByTestId('menu-button').click()
    const menu = page.getByTestId('side-menu')
    await menu.waitFor({ state: 'visible' })
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      '首頁',
      '超級 FOM',
      '挖礦',
      '燃燒分紅',
      '社區',
      '我的',
      // then the public transparency page (issue "Web app IV")
      '透明度',
    ])
    expect(await page.getByTestId('admin-menu').count()).toBe(0)
    await menu.getByRole('link', { name: '挖礦' }).click()
    await waitForPage(page, '/mining')
    await expect.poll(() => page.locator('.app-drawer.is-open').count()).toBe(0)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('shows a not-found page with a way home for unknown paths', async () => {
    const { page, context } = await openPage(browser)
    await page.goto(`${baseUrl}/no-such-page`)
    await page.getByRole('heading', { name: '找不到頁面' }).waitFor()
    await page.getByRole('link', { name: '返回首頁' }).click()
    await waitForPage(page, '/')
    await context.close()
  })

  it('calls the home page’s standing notes what they are, not announcements a manager could change', async () => {
    const { page, context } = await openPage(browser)
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    const notes = page.getByTestId('notes')
    await notes.waitFor()
    expect(await notes.locator('.ui-card__title, h2, h3').first().textContent()).toBe('須知')
    expect(await page.getByText('公告').count()).toBe(0)
    await context.close()
  })
})
