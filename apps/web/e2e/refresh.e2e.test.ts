import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { E2E_MANAGER, E2E_SWAPPER } from './lib/accounts.ts'
import { webRoot } from './lib/appServer.ts'
import { waitForPage } from './lib/browser.ts'
import { chainClients } from './lib/chain.ts'
import { openConnected, recordRpc } from './lib/session.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()
/** Figures for scripts/budgets.ts. */
export const REFRESH_FIGURES = join(webRoot, '..', '..', 'dist', 'test-results', 'web-refresh-budget.json')

type Stats = { cycles: number; blockPolls: number; readBatches: number; reads: number }
const stats = (page: Page) =>
  page.evaluate(() => ({ ...(window as unknown as { __nexusChainData: Stats }).__nexusChainData }))
const mine = () => chainClients(rpcUrl).public.request({ method: 'evm_mine' as never })

/** Waits until the page's refresh counter passes `cycles`. */
async function nextCycle(page: Page, after: number): Promise<Stats> {
  await expect.poll(async () => (await stats(page)).cycles, { timeout: 8_000 }).toBeGreaterThan(after)
  // Let the cycle's read (if any) finish.
  await page.waitForTimeout(400)
  return stats(page)
}

describe('refresh cycle', () => {
  it('sends one block poll per cycle, and one batched read only when there is a new block', async () => {
    const { page, context } = await openConnected(browser, baseUrl, { rpcUrl, account: E2E_SWAPPER, path: '/swap' })
    await page.getByTestId('swap-amount').fill('10')
    // Settle: the first cycles load everything.
    let current = await nextCycle(page, (await stats(page)).cycles)
    current = await nextCycle(page, current.cycles)
    const rpc = recordRpc(page, rpcUrl)

    // No new block: one request (the block poll), no read.
    current = await nextCycle(page, current.cycles)
    const idle = [...rpc.requests]
    expect(idle).toEqual([['eth_getBlockByNumber']])

    // A new block: the poll and one request carrying every read of the page in one eth_call.
    rpc.clear()
    await mine()
    const readsBefore = current.reads
    const batchesBefore = current.readBatches
    current = await nextCycle(page, current.cycles)
    const busy = [...rpc.requests]
    expect(busy).toEqual([['eth_getBlockByNumber'], ['eth_call']])
    expect(current.readBatches - batchesBefore).toBe(1)
    const readsPerCycle = current.reads - readsBefore
    expect(readsPerCycle).toBeGreaterThanOrEqual(7)

    mkdirSync(join(REFRESH_FIGURES, '..'), { recursive: true })
    writeFileSync(
      REFRESH_FIGURES,
      JSON.stringify(
        {
          page: '/swap (connected, with a quote)',
          readsPerCycle,
          httpRequestsPerCycleWithNewBlock: busy.length,
          readRequestsPerCycleWithNewBlock: busy.filter((methods) => methods.includes('eth_call')).length,
          httpRequestsPerCycleWithoutNewBlock: idle.length,
          readRequestsPerCycleWithoutNewBlock: idle.filter((methods) => methods.includes('eth_call')).length,
        },
        null,
        2,
      ) + '\n',
    )
    await context.close()
  })

  it('loads /manager pages once and never refreshes them', async () => {
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: E2E_MANAGER,
      path: '/managerMining',
    })
    await waitForPage(page, '/managerMining')
    await page.waitForTimeout(1_500)
    const rpc = recordRpc(page, rpcUrl)
    const before = await stats(page)
    await mine()
    // Two refresh intervals.
    await page.waitForTimeout(6_500)
    expect(rpc.requests).toEqual([])
    expect((await stats(page)).cycles).toBe(before.cycles)
    await context.close()
  })
})
