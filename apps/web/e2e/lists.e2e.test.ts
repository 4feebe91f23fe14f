import { fomoAbi, miningAbi } from '@nexus/abi'
import type { Page } from 'playwright-core'
import { erc20Abi, formatEther, parseEther } from 'viem'
import type { Abi, Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { waitForPage } from './lib/browser.ts'
import { chainClients, contract, prepareTestAccount } from './lib/chain.ts'
import { openConnected } from './lib/session.ts'
import { chainTime, figure, moveChainTimeTo, POOL_ACCOUNT, transact, writeAs } from './lib/web3Pools.ts'
import { baseUrl, graphqlUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// Lists past the contracts' paged views (50 records): the pages come from the indexer's cursors. This file moves
// the shared chain's clock once, by 700 s (a little over one local day of 600 s), so that the stakes mine.
const HOLDER = POOL_ACCOUNT(130)
/** More than one contract page (50) and more than two list pages (20). */
const RECORDS = 52

const browser = useBrowser()

async function indexed(query: string): Promise<Record<string, unknown>> {
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
  return ((await response.json()) as { data: Record<string, unknown> }).data
}

async function indexedCount(contractName: string): Promise<number> {
  const data = await indexed(
    `{ orders(account: "${HOLDER.toLowerCase()}", contract: "${contractName}", first: 1) { totalCount } }`,
  )
  return (data.orders as { totalCount: number }).totalCount
}

/** Clicks "Load more" until the list says "No more"; returns how many pages that took. */
async function loadEverything(page: Page, list: string): Promise<number> {
  let clicks = 0
  const root = page.getByTestId(list)
  for (;;) {
    await root.locator('[data-testid="list-more"], [data-testid="list-end"]').first().waitFor({ timeout: 15_000 })
    if ((await root.getByTestId('list-end').count()) > 0) return clicks
    await root.getByTestId('list-more').click()
    clicks++
    expect(clicks).toBeLessThan(10)
  }
}

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, HOLDER, { usdt: parseEther('12000'), nex: parseEther('12000') })
  const [Fomo, Mining] = [contract('Fomo'), contract('Mining')]
  await writeAs(rpcUrl, HOLDER, {
    address: contract('USDT'),
    abi: erc20Abi,
    functionName: 'approve',
    args: [Fomo, parseEther('12000')],
  })
  await writeAs(rpcUrl, HOLDER, {
    address: contract('Token'),
    abi: erc20Abi,
    functionName: 'approve',
    args: [Mining, parseEther('12000')],
  })
  // Idempotent: a run on the same chain tops the records up to RECORDS.
  for (let have = await indexedCount('Fomo'); have < RECORDS; have++)
    await writeAs(rpcUrl, HOLDER, {
      address: Fomo,
      abi: fomoAbi as Abi,
      functionName: 'burn',
      args: [2n, 1n, parseEther('200'), true],
    })
  for (let have = await indexedCount('Mining'); have < RECORDS; have++)
    await writeAs(rpcUrl, HOLDER, {
      address: Mining,
      abi: miningAbi as Abi,
      functionName: 'deposit',
      args: [2n, parseEther('200')],
    })
}, 300_000)

describe('lists past 50 records', () => {
  it('/fomoMine pages every order through the indexer, down to the first, and ends with "No more"', async () => {
    const total = Number(
      (
        await chainClients(rpcUrl).public.readContract({
          address: contract('Fomo'),
          abi: fomoAbi,
          functionName: 'users',
          args: [HOLDER],
        })
      ).orders,
    )
    expect(total).toBeGreaterThan(50)
    await expect.poll(() => indexedCount('Fomo'), { timeout: 20_000 }).toBe(total)
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: HOLDER,
      path: '/fomoMine',
      storage: { lang: 'en' },
    })
    await waitForPage(page, '/fomoMine')
    expect(await loadEverything(page, 'order-list')).toBe(Math.ceil(total / 20) - 1)
    const rows = page.getByTestId('order-list').locator('li[data-testid^="order-"]')
    expect(await rows.count()).toBe(total)
    // The oldest order (the account's first, beyond the contract's first page of 50) is there, read live.
    const first = rows.last()
    await expect.poll(() => first.getByTestId('record-state').count(), { timeout: 15_000 }).toBe(1)
    expect(await first.textContent()).toContain('200 USDT')
    expect(await page.getByTestId('list-end').textContent()).toBe('No more')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('/miningMine pages every stake through the indexer', async () => {
    const total = await indexedCount('Mining')
    expect(total).toBeGreaterThan(50)
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: HOLDER,
      path: '/miningMine',
      storage: { lang: 'en' },
    })
    await waitForPage(page, '/miningMine')
    await loadEverything(page, 'mining-stake-list')
    const rows = page.getByTestId('mining-stake-list').locator('li[data-testid^="mining-stake-"]')
    expect(await rows.count()).toBe(total)
    await expect.poll(() => rows.last().getByTestId('record-state').count(), { timeout: 15_000 }).toBe(1)
    expect(await rows.last().textContent()).toContain('200 NEX')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('/fomoMine finds a prize to claim from the index and claims it', async () => {
    // A settled round's winner with a prize still to claim (the seed settles round 1 and claims two prizes).
    const data = await indexed(
      '{ fomoRounds(contract: "Fomo", first: 100) { nodes { round settled winners { owner } } } }',
    )
    const rounds = (data.fomoRounds as { nodes: { round: string; settled: boolean; winners: { owner: string }[] }[] })
      .nodes
    const client = chainClients(rpcUrl).public
    let found: { round: bigint; winner: Address } | undefined
    for (const round of rounds.filter((r) => r.settled))
      for (const { owner } of round.winners) {
        const prize = await client.readContract({
          address: contract('Fomo'),
          abi: fomoAbi,
          functionName: 'prizeOf',
          args: [BigInt(round.round), owner as Address],
        })
        if (!found && prize > 0n) found = { round: BigInt(round.round), winner: owner as Address }
      }
    if (!found) throw new Error('no unclaimed prize on this chain: restart the local product')
    await prepareTestAccount(rpcUrl, found.winner)
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: found.winner,
      path: '/fomoMine',
      storage: { lang: 'en' },
    })
    await waitForPage(page, '/fomoMine')
    const claim = page.getByTestId(`claim-prize-${found.round.toString()}`)
    await claim.waitFor({ timeout: 15_000 })
    await transact(page, claim, 'Claimed')
    expect(
      await client.readContract({
        address: contract('Fomo'),
        abi: fomoAbi,
        functionName: 'prizeOf',
        args: [found.round, found.winner],
      }),
    ).toBe(0n)
    await claim.waitFor({ state: 'detached', timeout: 15_000 })
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('/miningMine shows what the claims took in total (from the index), apart from what was mined', async () => {
    const Mining = contract('Mining')
    const client = chainClients(rpcUrl).public
    // Let the stakes mine for a while (one local day is 600 s), then claim once straight on the chain.
    await moveChainTimeTo(rpcUrl, (await chainTime(rpcUrl)) + 700n)
    const user = await client.readContract({
      address: Mining,
      abi: miningAbi,
      functionName: 'getUserInfo',
      args: [HOLDER],
    })
    if (user[0].balance > 0n)
      await writeAs(rpcUrl, HOLDER, { address: Mining, abi: miningAbi as Abi, functionName: 'claimReward' })
    const claims = await client.getContractEvents({
      address: Mining,
      abi: miningAbi,
      eventName: 'RewardClaimed',
      args: { account: HOLDER },
      fromBlock: 0n,
    })
    const claimed = claims.reduce((sum, log) => sum + (log.args.amount ?? 0n), 0n)
    expect(claimed).toBeGreaterThan(0n)
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: HOLDER,
      path: '/miningMine',
      storage: { lang: 'en' },
    })
    await waitForPage(page, '/miningMine')
    await expect
      .poll(() => figure(page, 'mining-claimed'), { timeout: 15_000 })
      .toBeCloseTo(Number(formatEther(claimed)), 3)
    const mined = (
      await client.readContract({ address: Mining, abi: miningAbi, functionName: 'getUserInfo', args: [HOLDER] })
    )[0].rewardTotal
    // the mined total is a chain read of its own, which may land after the indexed claimed total
    await expect
      .poll(() => figure(page, 'mining-mined'), { timeout: 15_000 })
      .toBeCloseTo(Number(formatEther(mined)), 3)
    expect(problems.list).toEqual([])
    await context.close()
  })
})
