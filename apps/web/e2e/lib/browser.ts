import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { chromium } from 'playwright-core'
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core'

/** The screenshots folder (git-ignored, at the repository root; SCREENSHOT_DIR overrides it). */
export const SCREENSHOT_DIR =
  process.env.SCREENSHOT_DIR ?? join(import.meta.dirname, '..', '..', '..', '..', 'screenshots')

/** Debian's Chromium; never a downloaded browser (STACK.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

/** Starts headless Chromium with the flags that keep it offline and quiet. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  })
}

export type PageProblems = {
  /** console.error / console.warning messages, uncaught page errors, failed requests, dialogs. */
  readonly list: string[]
  clear(): void
}

export type OpenedPage = { context: BrowserContext; page: Page; problems: PageProblems }

export type OpenPageParameters = {
  viewport?: ViewportName | { width: number; height: number }
  /** Local storage entries set before the app starts (e.g. `{ lang: 'en' }`). */
  storage?: Record<string, string>
  /** Scripts run in the page before the app (e.g. an injected wallet). */
  initScripts?: string[]
  /** Emulates prefers-reduced-motion: reduce (no entrance animations, e.g. for screenshots). */
  reducedMotion?: boolean
}

/**
 * A fresh browser context and page that records everything that would count as a broken page: console errors
 * and warnings, uncaught exceptions, failed requests and any `alert`/`confirm` dialog (dismissed at once).
 *
 * @example
 * const { page, problems } = await openPage(browser, { viewport: 'phone', storage: { lang: 'en' } })
 * await page.goto(`${app.url}/burn`)
 * expect(problems.list).toEqual([])
 */
export async function openPage(browser: Browser, options: OpenPageParameters = {}): Promise<OpenedPage> {
  const viewport = typeof options.viewport === 'object' ? options.viewport : VIEWPORTS[options.viewport ?? 'phone']
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  })
  if (options.storage && Object.keys(options.storage).length > 0) {
    // Only on the first document of the tab, so that the app's own writes survive reloads.
    await context.addInitScript({
      content: `if (!sessionStorage.getItem('__e2e_seeded')) {
        sessionStorage.setItem('__e2e_seeded', '1')
        for (const [key, value] of Object.entries(${JSON.stringify(options.storage)})) localStorage.setItem(key, value)
      }`,
    })
  }
  for (const script of options.initScripts ?? []) await context.addInitScript({ content: script })
  const page = await context.newPage()
  const list: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      list.push(`console.${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => list.push(`pageerror: ${error.message}`))
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? ''
    // Aborted requests are those the page no longer needs: it navigated away while a refresh (block poll, reads)
    // or an image was in flight, or a navigation superseded another. Real failures report other errors.
    if (error === 'net::ERR_ABORTED') return
    list.push(`requestfailed: ${request.url()} ${error}`)
  })
  page.on('dialog', (dialog) => {
    list.push(`dialog: ${dialog.type()} ${dialog.message()}`)
    void dialog.dismiss()
  })
  return { context, page, problems: { list, clear: () => void list.splice(0) } }
}

/** Waits until the page of `path` has rendered inside the shell. */
export async function waitForPage(page: Page, path: string): Promise<void> {
  await page.locator(`[data-testid="page"][data-path="${path}"]`).waitFor({ state: 'visible' })
}

/**
 * Saves a screenshot of the whole page, creating folders as needed. The window is stretched to the page's height
 * for the shot, so that fixed parts (top bar, bottom navigation) sit where they belong instead of mid-page.
 */
export async function saveScreenshot(page: Page, file: string, settleMs = 350): Promise<void> {
  mkdirSync(dirname(file), { recursive: true })
  const viewport = page.viewportSize()
  // Let entrance animations finish so that screenshots are stable (pages opened with reducedMotion have none).
  await page.waitForTimeout(settleMs)
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height })
  try {
    await page.screenshot({ path: file })
  } finally {
    if (viewport && height > viewport.height) await page.setViewportSize(viewport)
  }
}
