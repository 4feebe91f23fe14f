import type { Browser, Page } from 'playwright-core'
import { shortAddress } from './format.ts'
import { join } from 'node:path'
import { openPage, saveScreenshot, SCREENSHOT_DIR, VIEWPORTS, waitForPage } from './browser.ts'
import type { OpenPageParameters, ViewportName } from './browser.ts'
import { injectedWalletScript } from './injectedWallet.ts'
import type { InjectedWalletOptions } from './injectedWallet.ts'

export type ConnectedParameters = {
  rpcUrl: string
  account: string
  path?: string
  wallet?: Partial<InjectedWalletOptions>
} & Omit<OpenPageParameters, 'initScripts'>

/**
 * Opens `path` with the injected test wallet holding `account` (signing through the local node), connects it and
 * waits for the short address in the top bar.
 *
 * @example
 * const { page } = await openConnected(browser, baseUrl, { rpcUrl, account: E2E_MINTER })
 */
export async function openConnected(browser: Browser, baseUrl: string, parameters: ConnectedParameters) {
  const { rpcUrl, account, path = '/', wallet = {}, ...rest } = parameters
  const opened = await openPage(browser, {
    ...rest,
    initScripts: [injectedWalletScript({ accounts: [account], chainId: 31337, rpcUrl, ...wallet })],
  })
  await opened.page.goto(`${baseUrl}${path}`)
  await waitForPage(opened.page, path.split('?')[0] ?? '/')
  await opened.page.getByTestId('wallet-button').click()
  await waitForWallet(opened.page, account)
  return opened
}

/** One language and screenshot size of {@link eachScreenshotView}, with its page open and connected. */
export type ScreenshotView = {
  page: Page
  locale: 'zh-Hant' | 'en'
  viewport: ViewportName
  /** Saves the page as `SCREENSHOT_DIR/<locale>/states/<name>-<viewport>.png`. */
  shot: (name: string) => Promise<void>
}

/**
 * Runs `visit` once per language (zh-Hant, en) and screenshot size ({@link VIEWPORTS}), each time on `path` opened
 * connected as `account` in that language and size (with reduced motion, so that screenshots are stable), and closes
 * the page after it.
 *
 * @example
 * await eachScreenshotView(browser, baseUrl, { rpcUrl, account, path: '/ido' }, async ({ page, shot }) => {
 *   await page.getByTestId('mint').first().waitFor()
 *   await shot('ido')
 * })
 */
export async function eachScreenshotView(
  browser: Browser,
  baseUrl: string,
  parameters: Omit<ConnectedParameters, 'viewport' | 'storage' | 'reducedMotion'>,
  visit: (view: ScreenshotView) => Promise<void>,
): Promise<void> {
  for (const locale of ['zh-Hant', 'en'] as const)
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      const { page, context } = await openConnected(browser, baseUrl, {
        ...parameters,
        viewport,
        storage: { lang: locale },
        reducedMotion: true,
      })
      const shot = (name: string) =>
        saveScreenshot(page, join(SCREENSHOT_DIR, locale, 'states', `${name}-${viewport}.png`))
      await visit({ page, locale, viewport, shot })
      await context.close()
    }
}

/** Waits until the top bar shows `account`. */
export async function waitForWallet(page: Page, account: string): Promise<void> {
  await page
    .locator(`[data-testid="wallet-button"]:has-text("${shortAddress(account)}")`)
    .waitFor({ state: 'visible', timeout: 15_000 })
}

/** The JSON-RPC methods of the requests the page sent to `rpcUrl` (batches flattened), recorded from now on. */
export function recordRpc(page: Page, rpcUrl: string) {
  const requests: string[][] = []
  const target = rpcUrl.replace(/\/$/, '')
  page.on('request', (request) => {
    if (request.method() !== 'POST' || request.url().replace(/\/$/, '') !== target) return
    try {
      const body = JSON.parse(request.postData() ?? 'null') as { method: string } | { method: string }[]
      requests.push((Array.isArray(body) ? body : [body]).map((call) => call.method))
    } catch {
      requests.push(['?'])
    }
  })
  return {
    requests,
    clear: () => void requests.splice(0),
  }
}

/**
 * Starts watching for the AWAITING overlay (a short transaction can show it for less than a poll interval);
 * the returned function tells whether it appeared since.
 */
export async function watchAwaiting(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const flag = window as unknown as { __awaitingSeen?: boolean }
    flag.__awaitingSeen = false
    const seen = () => document.querySelector('[role="alertdialog"][aria-busy="true"]') !== null
    const observer = new MutationObserver(() => {
      if (seen()) {
        flag.__awaitingSeen = true
        observer.disconnect()
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
  return () => page.evaluate(() => (window as unknown as { __awaitingSeen?: boolean }).__awaitingSeen === true)
}
