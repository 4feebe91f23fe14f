import type { Locator, Page } from 'playwright-core'
import type { Address, Hash } from 'viem'
import { expect } from 'vitest'
import { E2E_EXPLORER_URL } from './appServer.ts'
import { chainClients } from './chain.ts'

/** How many transactions `account` has sent (its nonce, pending ones included). */
export function sentCount(rpcUrl: string, account: Address): Promise<number> {
  return chainClients(rpcUrl).public.getTransactionCount({ address: account, blockTag: 'pending' })
}

/**
 * Clicks `target` twice, then expects the success toast `toastText` and exactly one transaction from `account`.
 * `how`: `dblclick` is a real double click; `together` clicks twice in one task, before the page can repaint (so
 * the AWAITING overlay cannot catch the second click: only the write flow's own guard stops it). Returns the
 * transaction's hash, read from the toast's link to the test build's block explorer, checked against the chain.
 */
export async function doubleClickSendsOne(
  page: Page,
  rpcUrl: string,
  account: Address,
  target: Locator,
  toastText: string,
  how: 'dblclick' | 'together',
): Promise<Hash> {
  const toast = page.getByRole('status').filter({ hasText: toastText })
  await toast.first().waitFor({ state: 'detached', timeout: 5_000 })
  const before = await sentCount(rpcUrl, account)
  if (how === 'dblclick') await target.dblclick()
  else
    await target.evaluate((button: HTMLElement) => {
      button.click()
      button.click()
    })
  await toast.first().waitFor({ timeout: 30_000 })
  // (read at once: a success toast stays 2 s)
  const href = await toast.first().getByRole('link').getAttribute('href', { timeout: 1_000 })
  await page.getByRole('alertdialog', { name: 'AWAITING' }).waitFor({ state: 'detached', timeout: 10_000 })
  // A second transaction, had one been sent, would be mined by now (the local node mines each at once).
  await page.waitForTimeout(1_500)
  expect(await sentCount(rpcUrl, account)).toBe(before + 1)
  const hash = href?.match(/\/tx\/(0x[0-9a-f]{64})$/)?.[1] as Hash | undefined
  expect(href?.startsWith(`${E2E_EXPLORER_URL}/tx/0x`), `toast link ${href}`).toBe(true)
  const receipt = await chainClients(rpcUrl).public.getTransactionReceipt({ hash: hash as Hash })
  expect(receipt.from.toLowerCase()).toBe(account.toLowerCase())
  expect(receipt.status).toBe('success')
  return hash as Hash
}
