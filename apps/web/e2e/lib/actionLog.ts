// Kept out of chain.ts, which the global setup imports: that one stays free of workspace packages.
import { logActions } from '@nexus/sdk'
import type { Browser, Page } from 'playwright-core'
import type { Address } from 'viem'
import { expect } from 'vitest'
import { openConnected } from './session.ts'

/**
 * Issue 20, "Done when": every action the contracts write to the action log (the SDK's `logActions`, one entry per
 * action and symbol) is done in the browser and then found in /mine?view=log. The walk is split over these files,
 * each under ten minutes; each file checks that it found every entry it names here, and actionLog.e2e checks that
 * together they name every entry of the SDK's list (a new action fails it until a walk covers it).
 */
export const ACTION_LOG_WALKS: Record<string, readonly string[]> = {
  'actionLog.e2e.test.ts': [
    'register:NEX',
    'ido_mint:USDT',
    'ido_mint:BNB',
    'ido_mint:NEX',
    'ido_direct:USDT',
    'ido_direct:NEX',
    'ido_indirect:USDT',
    'ido_indirect:NEX',
    'burn:USDT',
    'burn_direct:USDT',
    'burn_indirect:USDT',
    'burn_team:USDT',
    'claim:USDT',
    'fomo_burn:USDT',
    'fomo_direct:USDT',
    'fomo_indirect:USDT',
    'fomo_team:USDT',
    'stake_deposit:USDT',
    'stake_direct:NEX',
    'stake_indirect:NEX',
    'synthesize:NFT',
    'nft_claim:USDT',
    'mining_deposit:NEX',
    'mining_release:NEX',
    'mining_reward:NEX',
    'claim:NEX',
    'stake_claim:NEX',
  ],
  'actionLogPools.e2e.test.ts': [
    'fomo_burn:USDT',
    'double_deposit:USDT',
    'fomo_prize:USDT',
    'fomo_release:USDT',
    'fomo_reward:USDT',
    'double_claim:USDT',
  ],
}

/** Every `action:symbol` the contracts write (the SDK's list). */
export const LOG_ENTRY_KINDS: readonly string[] = [
  ...new Set(logActions.map((entry) => `${entry.action}:${entry.symbol}`)),
]

/** The `action:symbol` entries this file's walk found in the log (module state: one set per test file). */
export const foundInLog = new Set<string>()

/** Opens `path` connected as `account`, in English. */
export function openAs(browser: Browser, baseUrl: string, rpcUrl: string, account: Address, path: string) {
  return openConnected(browser, baseUrl, { rpcUrl, account, path, storage: { lang: 'en' } })
}

/**
 * Opens the action log filtered by `symbol` and `action` as a user would (the two selects) and waits until it lists
 * at least `count` entries of that action (the indexer follows the chain within seconds: the log is opened again
 * until they are there). Returns the newest.
 */
export async function expectInLog(page: Page, baseUrl: string, symbol: string, action: string, count = 1) {
  const entries = page.locator(`[data-testid="log-entry"][data-action="${action}"][data-symbol="${symbol}"]`)
  let seen = 0
  for (let attempt = 0; attempt < 10 && seen < count; attempt++) {
    await page.goto(`${baseUrl}/mine?view=log`)
    await page.getByTestId('log-symbol').selectOption(symbol)
    await page.getByTestId('log-action').selectOption(action)
    await page.locator('[data-testid="log-entries"][data-status="ready"]').waitFor({ timeout: 15_000 })
    // Every row shown matches the filter.
    for (const row of await page.getByTestId('log-entry').all()) {
      expect(await row.getAttribute('data-action')).toBe(action)
      expect(await row.getAttribute('data-symbol')).toBe(symbol)
    }
    seen = await entries.count()
    if (seen < count) await page.waitForTimeout(2_000)
  }
  expect(seen, `${symbol}/${action} entries in the log`).toBeGreaterThanOrEqual(count)
  foundInLog.add(`${action}:${symbol}`)
  return entries.first()
}

/** An entry's name (translated, issue 23: no raw action codes) and the sign of its amount (paid or received). */
export async function expectEntry(entry: ReturnType<Page['locator']>, name: string, sign?: '+' | '-') {
  expect(await entry.textContent()).toContain(name)
  if (sign) expect(await entry.getByTestId('log-amount').textContent()).toMatch(sign === '+' ? /^\+/ : /^-/)
}
