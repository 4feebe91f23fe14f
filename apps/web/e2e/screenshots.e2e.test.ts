import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { E2E_MANAGER, E2E_MINTER, E2E_NEWCOMERS, E2E_SWAPPER } from './lib/accounts.ts'
import { openPage, saveScreenshot, SCREENSHOT_DIR, VIEWPORTS, waitForPage } from './lib/browser.ts'
import type { ViewportName } from './lib/browser.ts'
import { injectedWalletScript } from './lib/injectedWallet.ts'
import { ROUTES, routeSlug } from './lib/routes.ts'
import { openConnected } from './lib/session.ts'
import { firstUnregistered } from './lib/chain.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const LOCALES = ['zh-Hant', 'en'] as const
const browser = useBrowser()

describe('screenshots of every page', () => {
  for (const locale of LOCALES) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      it(`${locale} at ${viewport} size`, async () => {
        const { page, problems, context } = await openPage(browser, {
          viewport,
          storage: { lang: locale },
          reducedMotion: true,
        })
        const dir = join(SCREENSHOT_DIR, locale, viewport)
        for (const route of ROUTES) {
          await page.goto(`${baseUrl}${route}`)
          await waitForPage(page, route)
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale)
          await saveScreenshot(page, join(dir, `${routeSlug(route)}.png`), 60)
          expect(problems.list, route).toEqual([])
        }
        const files = readdirSync(dir).filter((file) => file.endsWith('.png'))
        expect(files).toHaveLength(ROUTES.length)
        expect(problems.list).toEqual([])
        await context.close()
        // Every route renders a full page now: two dozen of them take more than the default minute.
      }, 240_000)
    }

    it(`${locale}: the menu of a connected manager, a toast and a confirm dialog`, async () => {
      const { page, context } = await openPage(browser, {
        viewport: 'phone',
        storage: { lang: locale },
        initScripts: [injectedWalletScript({ accounts: [E2E_MANAGER], chainId: 31337 })],
      })
      const dir = join(SCREENSHOT_DIR, locale, 'states')
      await page.goto(`${baseUrl}/fomo?code=%3Cscript%3Ealert(1)%3C%2Fscript%3E`)
      await waitForPage(page, '/fomo')
      await page.getByTestId('invite-code-notice').waitFor()
      await saveScreenshot(page, join(dir, 'invalid-invite-code.png'))
      await page.getByTestId('wallet-button').click()
      await expect.poll(() => page.getByTestId('wallet-button').textContent()).toBe('0x709..79C8')
      await page.getByTestId('menu-button').click()
      await page.getByTestId('admin-menu').waitFor()
      await saveScreenshot(page, join(dir, 'menu-manager.png'))
      await page.keyboard.press('Escape')
      await page.getByTestId('wallet-button').click()
      await page.getByRole('dialog').waitFor()
      await saveScreenshot(page, join(dir, 'confirm-disconnect.png'))
      await context.close()
    })

    it(`${locale}: connected pages with chain data, and the registration overlay`, async () => {
      const dir = join(SCREENSHOT_DIR, locale, 'states')
      for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
        const { page, context } = await openConnected(browser, baseUrl, {
          rpcUrl,
          account: E2E_SWAPPER,
          viewport,
          storage: { lang: locale },
        })
        await page.getByTestId('minting').or(page.getByTestId('minting-unavailable')).first().waitFor()
        await page.waitForTimeout(1_500)
        await saveScreenshot(page, join(dir, `home-connected-${viewport}.png`))
        await page.goto(`${baseUrl}/swap`)
        await page.getByTestId('swap-amount').fill('250')
        await expect
          .poll(() => page.getByTestId('swap-quote').locator('dd').textContent(), { timeout: 10_000 })
          .not.toBe('—')
        await saveScreenshot(page, join(dir, `swap-quote-${viewport}.png`))
        await context.close()
      }
      const { page, context } = await openConnected(browser, baseUrl, {
        rpcUrl,
        account: await firstUnregistered(rpcUrl, E2E_NEWCOMERS),
        path: `/?code=${E2E_MINTER}`,
        storage: { lang: locale },
      })
      await page.getByTestId('registration-overlay').waitFor()
      await saveScreenshot(page, join(dir, 'registration-overlay.png'))
      await context.close()
    })
  }
})
