import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openPage, waitForPage } from './lib/browser.ts'
import { baseUrl, useBrowser } from './lib/fixture.ts'

const ZERO = '0x0000000000000000000000000000000000000000'
const CODE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const browser = useBrowser()

const inviteCode = (page: Page) => page.evaluate(() => localStorage.getItem('inviteCode'))

// Each tries to run script through a different HTML or URL context; all must stay text.
const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '<svg onload="window.__xss=3">',
  '"><script>window.__xss=4</script>',
  "'><img src=x onerror=window.__xss=5>",
  'javascript:window.__xss=6',
  '<iframe src="javascript:parent.__xss=7"></iframe>',
  '<a href="javascript:window.__xss=8">x</a>',
  '<body onload=window.__xss=9>',
  '<details open ontoggle=window.__xss=10>',
  '{{constructor.constructor("window.__xss=11")()}}',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=12>',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8<script>window.__xss=13</script>',
]

// Anything a payload could have created in the document.
const INJECTED =
  'script:not([type="module"]), img[src="x"], iframe, details, math, [onerror], [onload], [ontoggle], a[href^="javascript"]'

describe('?code= on any page', () => {
  it('defaults the invite code to the zero address', async () => {
    const { page, context } = await openPage(browser)
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    await expect.poll(() => inviteCode(page)).toBe(ZERO)
    expect(await page.getByTestId('invite-code-notice').count()).toBe(0)
    await context.close()
  })

  it('stores a valid address (checksummed) from any page and keeps it across pages', async () => {
    const { page, problems, context } = await openPage(browser)
    await page.goto(`${baseUrl}/mining?code=${CODE.toLowerCase()}`)
    await waitForPage(page, '/mining')
    await expect.poll(() => inviteCode(page)).toBe(CODE)
    await page.goto(`${baseUrl}/burn`)
    await waitForPage(page, '/burn')
    expect(await inviteCode(page)).toBe(CODE)
    expect(await page.getByTestId('invite-code-notice').count()).toBe(0)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it(`renders ${XSS_PAYLOADS.length} XSS payloads as inert text and never stores them`, async () => {
    const { page, problems, context } = await openPage(browser)
    await page.goto(`${baseUrl}/?code=${CODE}`)
    await waitForPage(page, '/')
    await expect.poll(() => inviteCode(page)).toBe(CODE)

    for (const payload of XSS_PAYLOADS) {
      await page.goto(`${baseUrl}/team?code=${encodeURIComponent(payload)}`)
      await waitForPage(page, '/team')
      const shown = page.getByTestId('invite-code-rejected')
      await shown.waitFor()
      expect(await shown.textContent(), payload).toBe(payload.length > 64 ? `${payload.slice(0, 64)}…` : payload)
      // The payload produced no element, ran no script, and the saved code is untouched.
      expect(await shown.evaluate((el) => el.childElementCount), payload).toBe(0)
      expect(await page.locator(INJECTED).count(), payload).toBe(0)
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), payload).toBeUndefined()
      expect(await inviteCode(page), payload).toBe(CODE)
    }
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('keeps working through client-side navigation with a code', async () => {
    const { page, context } = await openPage(browser)
    await page.goto(`${baseUrl}/swap?code=not-an-address`)
    await waitForPage(page, '/swap')
    await page.getByTestId('invite-code-notice').waitFor()
    // Leaving the page drops the query string and the notice with it.
    await page.getByTestId('bottom-nav').getByRole('link', { name: '挖礦' }).click()
    await waitForPage(page, '/mining')
    expect(await page.getByTestId('invite-code-notice').count()).toBe(0)
    expect(await inviteCode(page)).toBe(ZERO)
    await context.close()
  })
})
