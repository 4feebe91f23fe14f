import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { E2E_NEWCOMERS, E2E_VISITOR } from './lib/accounts.ts'
import { openPage, waitForPage } from './lib/browser.ts'
import { firstUnregistered } from './lib/chain.ts'
import { switchLanguage } from './lib/shell.ts'
import { openConnected } from './lib/session.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

/** What overlaps or is cut at this width: the logo against the top bar's buttons, cut tab labels, page overflow. */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = []
    const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect()
    const brand = box('.app-brand')
    const actions = box('.app-topbar__actions')
    if (!brand || !actions) problems.push('top bar missing')
    else if (brand.right > actions.left) problems.push(`logo ends at ${brand.right}, buttons start at ${actions.left}`)
    if (actions && actions.right > window.innerWidth) problems.push(`buttons end at ${actions.right}`)
    for (const label of document.querySelectorAll<HTMLElement>('[data-testid="bottom-nav"] .app-tab__label')) {
      if (label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1)
        problems.push(`tab label cut: ${label.textContent}`)
      if (label.textContent?.includes('…')) problems.push(`tab label shortened: ${label.textContent}`)
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`page is ${document.documentElement.scrollWidth} px wide`)
    return problems
  })
}

describe('a 360 px phone', () => {
  it('shows the logo, the connected wallet and every tab label whole, in both languages', async () => {
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: E2E_VISITOR,
      viewport: { width: 360, height: 740 },
      storage: { lang: 'en' },
    })
    try {
      expect(await layoutProblems(page)).toEqual([])
      expect(await page.getByTestId('bottom-nav').getByRole('link').allTextContents()).toContain('Super FOM')
      await switchLanguage(page, 'zh-Hant')
      expect(await layoutProblems(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('/wp names the syndicate 財團, as every other page does', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 360, height: 740 } })
    try {
      await page.goto(`${baseUrl}/wp`)
      await waitForPage(page, '/wp')
      const text = (await page.getByTestId('page').textContent()) ?? ''
      expect(text).toContain('財團')
      expect(text).not.toContain('聯盟')
      expect(await layoutProblems(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('says that "abc" typed as the referrer is not an address (not that it is unregistered)', async () => {
    const account = await firstUnregistered(rpcUrl, E2E_NEWCOMERS)
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account,
      viewport: { width: 360, height: 740 },
    })
    try {
      await page.getByTestId('registration-overlay').waitFor()
      await page.getByTestId('registration-code').fill('abc')
      await page.getByTestId('registration-submit').click()
      const error = page.getByTestId('registration-error')
      await error.waitFor()
      expect(await error.textContent()).toBe('這不是錢包地址：推薦地址是 0x 加上 40 位十六進位數字。')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    } finally {
      await context.close()
    }
  })
})
