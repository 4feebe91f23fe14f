// The launch boilerplate every browser test file shares: the stack's URLs (provided by globalSetup.ts) and one
// Chromium per file, launched before its tests and closed after them.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { launchBrowser } from './browser.ts'

/** The test build (development wallet included) and the local chain's JSON-RPC endpoint. */
export const baseUrl = inject('baseUrl')
export const rpcUrl = inject('rpcUrl')
/** The indexer's GraphQL endpoint and the legacy API. */
export const graphqlUrl = inject('graphqlUrl')
export const legacyUrl = inject('legacyUrl')
/** The stack's keeper (its /readyz tells each job's last outcome), '' against a running product. */
export const keeperUrl = inject('keeperUrl')
/** The production build of the same stack (no development wallet), and the folder it was built into. */
export const prodUrl = inject('prodUrl')
export const prodDir = inject('prodDir')

/**
 * Registers this file's browser: launched in `beforeAll`, closed in `afterAll`. Returns it as a `Browser` that
 * forwards to the launched one (use it inside tests and hooks, not at the top level of the file).
 *
 * @example
 * const browser = useBrowser()
 * it('…', async () => { const { page } = await openConnected(browser, baseUrl, { rpcUrl, account }) })
 */
export function useBrowser(): Browser {
  let launched: Browser | undefined
  beforeAll(async () => {
    launched = await launchBrowser()
  })
  afterAll(async () => {
    await launched?.close()
  })
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!launched) throw new Error('the browser is launched in beforeAll: use it inside tests and hooks')
      const value: unknown = Reflect.get(launched, key)
      return typeof value === 'function' ? value.bind(launched) : value
    },
  })
}
