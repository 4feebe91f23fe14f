import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openPage, waitForPage } from './lib/browser.ts'
import { baseUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

async function scrollToBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
  return page.evaluate(() => window.scrollY)
}

describe('route change', () => {
  it('scrolls to the top, through the bottom navigation, the side menu and in-page links', async () => {
    // A short window, so that every page can scroll.
    const { page, problems, context } = await openPage(browser, { viewport: { width: 390, height: 360 } })
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')

    await scrollToBottom(page)
    await page.getByTestId('bottom-nav').getByRole('link', { name: '燃燒' }).click()
    await waitForPage(page, '/burn')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    await scrollToBottom(page)
    await page.getByTestId('menu-button').click()
    await page.getByTestId('side-menu').getByRole('link', { name: '社區' }).click()
    await waitForPage(page, '/team')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    await scrollToBottom(page)
    await page.locator('.app-related').getByRole('link').first().click()
    await waitForPage(page, '/invites')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    await scrollToBottom(page)
    await page.goBack()
    await waitForPage(page, '/team')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(problems.list).toEqual([])
    await context.close()
  })
})
