import type { Page } from 'playwright-core'
import { parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { ACTION_LOG_WALKS, expectEntry, expectInLog as expectInLogAt, foundInLog, openAs } from './lib/actionLog.ts'
import { waitForPage } from './lib/browser.ts'
import { hdAccount, prepareTestAccount } from './lib/chain.ts'
import { chainTime, figure, moveChainTimeTo, must, readPool, transact } from './lib/web3Pools.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// Issue 20, "Done when", continued from actionLog.e2e.test.ts: the FOM pools' actions after an order (its release
// after the lock, the reward claim, the round prize claim) and the doubling deposit (a direct deposit, its claim),
// each done in the browser by one user and then found in /mine?view=log under its symbol and action filter.
// No direct contract call: the user's registration is set up (actionLog.e2e walks it), and the chain's clock moves
// once, past the rounds' clocks and the 30-day lock of tier 0 (30 local days of 600 s).

/** The walking user (HD 160..169 belong to the action log files). */
const PLAYER = hdAccount(164)
const FILE = 'actionLogPools.e2e.test.ts'
const browser = useBrowser()

type Pool = { name: 'Fomo' | 'SuperFomo'; game: string; mine: string; deposit: string }
/** A qualifying deposit in each pool (its roundMin is 100 USDT for FOM, 1,000 for super FOM). */
const POOLS: readonly Pool[] = [
  { name: 'Fomo', game: '/fomo', mine: '/fomoMine', deposit: '150' },
  { name: 'SuperFomo', game: '/superFom', mine: '/superFomMine', deposit: '1000' },
]
/** The round each pool's order joined. */
const joined = new Map<string, bigint>()

const read = <T>(pool: Pool, functionName: string, args: readonly unknown[] = []) =>
  readPool<T>(rpcUrl, pool.name, functionName, args)

/** PLAYER's tier-0 order in `pool`. */
async function tierZeroOrder(pool: Pool) {
  const [orders] = await read<[{ index: bigint; endTime: bigint; stakeIndex: bigint }[], bigint]>(
    pool,
    'getUserOrders',
    [PLAYER, 0n, 10n],
  )
  return must(
    orders.find((order) => order.stakeIndex === 0n),
    `the tier-0 order in ${pool.name}`,
  )
}

function openAsPlayer(path: string) {
  return openAs(browser, baseUrl, rpcUrl, PLAYER, path)
}

function expectInLog(page: Page, symbol: string, action: string, count = 1) {
  return expectInLogAt(page, baseUrl, symbol, action, count)
}

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, PLAYER, { usdt: parseEther('5000') })
})

describe('action log: the FOM pools and the doubling deposit, done in the browser, are in /mine?view=log', () => {
  it('an order in each FOM pool and a direct deposit into the doubling pool', async () => {
    const { page, problems, context } = await openAsPlayer('/fomo')
    for (const pool of POOLS) {
      await page.goto(`${baseUrl}${pool.game}`)
      await waitForPage(page, pool.game)
      await page.getByTestId('tier-0').click()
      await page.getByTestId('pay-USDT').click()
      await page.getByTestId('deposit-amount').fill(pool.deposit)
      await transact(page, 'deposit-submit', 'Deposited')
      joined.set(pool.name, (await read<{ roundEndIndex: bigint }>(pool, 'getTotals')).roundEndIndex)
    }
    await expectEntry(await expectInLog(page, 'USDT', 'fomo_burn', 2), 'FOM order', '-')

    await page.goto(`${baseUrl}/fomoMine`)
    await waitForPage(page, '/fomoMine')
    await page.getByTestId('double-amount').fill('100')
    await transact(page, 'double-submit', 'Deposited')
    // The record of a deposit without an order is listed as such.
    await page.getByTestId('double-record').filter({ hasText: 'Direct deposit' }).waitFor({ timeout: 15_000 })
    await expectEntry(await expectInLog(page, 'USDT', 'double_deposit'), 'Doubling deposit', '-')
    expect(problems.list).toEqual([])
    await context.close()
  }, 120_000)

  it('after the rounds and the lock: claims each prize, releases each order, claims each reward', async () => {
    let until = 0n
    for (const pool of POOLS) {
      const order = await tierZeroOrder(pool)
      const totals = await read<{ roundEndTime: bigint }>(pool, 'getTotals')
      for (const end of [order.endTime, totals.roundEndTime]) if (end > until) until = end
    }
    expect(until).toBeGreaterThan(await chainTime(rpcUrl))
    await moveChainTimeTo(rpcUrl, until + 5n)

    const { page, problems, context } = await openAsPlayer('/fomo')
    for (const pool of POOLS) {
      const round = must(joined.get(pool.name), 'the round joined')
      await page.goto(`${baseUrl}${pool.game}`)
      await waitForPage(page, pool.game)
      // The round is over (nobody settles it on this stack: its keeper runs no upkeeps): the user settles it.
      await page.locator('[data-testid="round-phase"][data-phase="ended"]').waitFor({ timeout: 15_000 })
      await transact(page, 'settle-round', 'Round settled')
      expect(await read<bigint>(pool, 'prizeOf', [round, PLAYER])).toBeGreaterThan(0n)
      // The prize list of the pool's own page comes from the indexer's settled rounds: wait for the settlement there.
      await page
        .getByTestId('settled-round')
        .filter({ hasText: `Round ${round}` })
        .waitFor({ timeout: 30_000 })

      await page.goto(`${baseUrl}${pool.mine}`)
      await waitForPage(page, pool.mine)
      await page.getByTestId(`claim-prize-${round}`).waitFor({ timeout: 15_000 })
      await transact(page, `claim-prize-${round}`, 'Claimed')
      const order = await tierZeroOrder(pool)
      const item = page.getByTestId(`order-${order.index}`)
      await item.locator('[data-testid="record-state"][data-state="unlocked"]').waitFor({ timeout: 15_000 })
      await transact(page, item.getByTestId('release'), 'Released')
      await expect.poll(() => figure(page, 'balance'), { timeout: 15_000 }).toBeGreaterThan(0)
      await transact(page, 'claim-balance', 'Claimed')
    }
    await expectEntry(await expectInLog(page, 'USDT', 'fomo_prize', 2), 'FOM prize', '+')
    await expectEntry(await expectInLog(page, 'USDT', 'fomo_release', 2), 'FOM release', '+')
    await expectEntry(await expectInLog(page, 'USDT', 'fomo_reward', 2), 'FOM reward', '+')
    expect(problems.list).toEqual([])
    await context.close()
  }, 180_000)

  it('claims what the doubling deposit released', async () => {
    const { page, problems, context } = await openAsPlayer('/fomoMine')
    await expect.poll(() => figure(page, 'double-balance'), { timeout: 15_000 }).toBeGreaterThan(0)
    await transact(page, 'claim-double', 'Claimed')
    await expectEntry(await expectInLog(page, 'USDT', 'double_claim'), 'Doubling claim', '+')
    expect(problems.list).toEqual([])
    await context.close()
    expect([...foundInLog].sort()).toEqual([...new Set(ACTION_LOG_WALKS[FILE])].sort())
  })
})
