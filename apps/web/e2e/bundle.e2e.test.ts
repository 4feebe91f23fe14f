import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { webRoot } from './lib/appServer.ts'

const prodDir = inject('prodDir')
const testDir = join(webRoot, '..', '..', 'dist', 'web-e2e')

/** Text only the development wallet's module contains (src/lib/devWallet.ts). */
const DEV_WALLET_MARKERS = ['devWallet.account', 'The development wallet only knows']

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
