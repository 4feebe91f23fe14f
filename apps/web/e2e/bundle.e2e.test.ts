import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FIRST_LOAD_GOAL_KB, gzipKb, measureBuild } from '../scripts/lib/bundleBudget.ts'
import { webRoot } from './lib/appServer.ts'
import { prodDir } from './lib/fixture.ts'

const testDir = join(webRoot, '..', '..', 'dist', 'web-e2e')

/** Text only the development wallet's code contains (src/lib/devWallet.ts, its account picker in the side menu). */
const DEV_WALLET_MARKERS = ['devWallet.account', 'The development wallet only knows', 'app-devwallet']

function javascript(dir: string): string {
  return readdirSync(join(dir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(dir, 'assets', file), 'utf8'))
    .join('\n')
}

describe('development wallet in builds', () => {
  it('is absent from the production build', () => {
    const code = javascript(prodDir)
    expect(code.length).toBeGreaterThan(100_000)
    for (const marker of DEV_WALLET_MARKERS) expect(code.includes(marker), marker).toBe(false)
  })

  it('is present in the test build (VITE_DEV_WALLET=true), so the check above can fail', () => {
    const code = javascript(testDir)
    for (const marker of DEV_WALLET_MARKERS) expect(code.includes(marker), marker).toBe(true)
  })
})

describe('first load of / in the production build', () => {
  it(`stays at or under ${FIRST_LOAD_GOAL_KB} KB of JavaScript (gzip)`, () => {
    const { firstLoad } = measureBuild(prodDir, webRoot)
    const entry = firstLoad.filter((file) => file.endsWith('.js'))
    expect(entry.length).toBeGreaterThan(3)
    const size = gzipKb(prodDir, firstLoad)
    // Above ~100 KB: react, the router, wagmi/viem's read path and the home page are in it.
    expect(size).toBeGreaterThan(100)
    expect(size, `first load of /: ${size.toFixed(1)} KB gzip`).toBeLessThanOrEqual(FIRST_LOAD_GOAL_KB)
  })

  it('leaves the wallet, React Query, the GraphQL client and the write path to what needs them', () => {
    const { firstLoad } = measureBuild(prodDir, webRoot)
    const code = firstLoad
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(prodDir, file), 'utf8'))
      .join('\n')
    const all = javascript(prodDir)
    // urql's React bindings (data/indexer.ts), viem's transaction sending (hooks/submitTransaction.ts), wagmi's
    // wallet discovery (lib/walletRuntime.ts, after the first paint) and React Query (lib/queryClient.ts): in the
    // build, not in the first load.
    for (const marker of ['UrqlContext', 'eth_sendTransaction', 'eip6963:requestProvider', 'isMutating']) {
      expect(all.includes(marker), marker).toBe(true)
      expect(code.includes(marker), marker).toBe(false)
    }
  })
})
