import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { E2E_VISITOR } from './lib/accounts.ts'
import { openPage, waitForPage } from './lib/browser.ts'
import { openConnected } from './lib/session.ts'
import { baseUrl, prodUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

/**
 * How long a visit shows "—" before the chain's figures (issue 23): from the navigation's start (a page load) or
 * from the click (a route change in the app) until the page shows figures. SPEC.md §2 makes the first read of a
 * page load 1 s after it opens; a route change inside the app and the account's own figures may not wait longer.
 */
const PAGE_LOAD_GOAL_MS = 2_500
const ROUTE_CHANGE_GOAL_MS = 1_500

/** Milliseconds since the navigation started when the `selector` first holds a figure (a digit). */
async function figureAt(page: Page, selector: string, timeout = 15_000): Promise<number> {
  const handle = await page.waitForFunction(
    (css) => {
      const found = [...document.querySelectorAll(css)].some((element) => /\d/.test(element.textContent ?? ''))
      return found ? performance.now() : false
    },
    selector,
    { timeout, polling: 'raf' },
  )
  return Math.round((await handle.jsonValue()) as number)
}

const figures: Record<string, number> = {}

function report() {
  const dir = join(import.meta.dirname, '..', '..', '..', 'dist', 'test-results')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'web-figures.json'), `${JSON.stringify(figures, null, 2)}\n`)
  console.info('time to figures (ms):', figures)
}

describe('time to figures', () => {
  it('a visitor opening / sees the minting round’s figures soon after the first read (production build)', async () => {
    const { page, context } = await openPage(browser)
    try {
      const samples: number[] = []
      for (let visit = 0; visit < 3; visit++) {
        await page.goto(`${prodUrl}/`)
        await waitForPage(page, '/')
        samples.push(await figureAt(page, '[data-testid="page"] .app-stat dd'))
      }
      figures['visitor / (page load)'] = Math.max(...samples)
      expect(Math.max(...samples)).toBeLessThan(PAGE_LOAD_GOAL_MS)
    } finally {
      await context.close()
    }
  })

  it('a returning account sees its own figures on / soon after the page opens, then on each page it goes to', async () => {
    const { page, context } = await openConnected(browser, baseUrl, { rpcUrl, account: E2E_VISITOR })
    try {
      // a later visit: the wallet reconnects by itself
      const loads: number[] = []
      for (let visit = 0; visit < 3; visit++) {
        await page.goto(`${baseUrl}/`)
        await waitForPage(page, '/')
        loads.push(await figureAt(page, '[data-testid="my-units"] dd'))
      }
      figures['account / (page load)'] = Math.max(...loads)

      // route changes inside the app, through the bottom navigation
      const changes: Record<string, number> = {}
      for (const path of ['/burn', '/fomo', '/mining', '/superFom', '/']) {
        const started = await page.evaluate(() => performance.now())
        await page.getByTestId('bottom-nav').locator(`a[href="${path}"]`).click()
        const shown = await figureAt(page, `[data-testid="page"][data-path="${path}"] .app-stat dd`)
        changes[path] = Math.round(shown - started)
      }
      for (const [path, ms] of Object.entries(changes)) figures[`account ${path} (route change)`] = ms
      report()
      expect(Math.max(...loads)).toBeLessThan(PAGE_LOAD_GOAL_MS)
      expect(Math.max(...Object.values(changes))).toBeLessThan(ROUTE_CHANGE_GOAL_MS)
    } finally {
      await context.close()
    }
  })
})
