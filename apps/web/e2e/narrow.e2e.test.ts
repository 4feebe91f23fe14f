import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { E2E_VISITOR } from './lib/accounts.ts'
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
})
