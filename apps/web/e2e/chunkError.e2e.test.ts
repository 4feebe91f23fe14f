import { describe, expect, it } from 'vitest'
import { openPage, waitForPage } from './lib/browser.ts'
import { baseUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

describe('a route chunk that fails to load (SPEC.md §8)', () => {
  it('shows a message with a reload button instead of a blank page, and the reload recovers', async () => {
    const { page, context } = await openPage(browser)
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    // The network drops the burn page's script chunk.
    const chunk = /\/assets\/burn-[\w-]+\.js$/
    await page.route(chunk, (route) => route.abort('connectionreset'))
    await page.getByTestId('bottom-nav').getByRole('link', { name: '燃燒' }).click()

    const alert = page.getByRole('alert').filter({ hasText: '頁面載入失敗' })
    await alert.waitFor()
    // The shell stays usable around the message.
    expect(await page.getByTestId('bottom-nav').isVisible()).toBe(true)
    expect(await page.getByTestId('footer').isVisible()).toBe(true)

    await page.unroute(chunk)
    await alert.getByRole('button', { name: '重新載入' }).click()
    await waitForPage(page, '/burn')
    await context.close()
  })
})
