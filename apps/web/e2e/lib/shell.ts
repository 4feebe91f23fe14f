import type { Page } from 'playwright-core'

/** Reads what the shell shows, for assertions. */
export async function readShell(page: Page) {
  return {
    wallet: (await page.getByTestId('wallet-button').textContent())?.trim(),
    footer: (await page.getByTestId('footer').textContent())?.trim(),
    tabs: await page.getByTestId('bottom-nav').getByRole('link').allTextContents(),
    activeTab: await page.locator('[data-testid="bottom-nav"] a[aria-current="page"]').allTextContents(),
    heading: (await page.locator('main h1').first().textContent())?.trim(),
    htmlLang: await page.evaluate(() => document.documentElement.lang),
    title: await page.title(),
  }
}

/** Clicks the language toggle and waits until the page is in `locale`. */
export async function switchLanguage(page: Page, locale: 'zh-Hant' | 'en'): Promise<void> {
  const toggle = page.getByTestId('language-toggle')
  if ((await toggle.getAttribute('data-locale')) === locale) return
  await toggle.click()
  await page.locator(`[data-testid="language-toggle"][data-locale="${locale}"]`).waitFor()
}
