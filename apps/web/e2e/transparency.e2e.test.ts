import { burnAbi, doubleAbi, iNexusUpgradeableAbi, tokenAbi } from '@nexus/abi'
import { formatAmount } from '@nexus/sdk'
import { createTestClient, erc20Abi, http, parseEventLogs } from 'viem'
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { openPage, waitForPage } from './lib/browser.ts'
import { chainClients, contract } from './lib/chain.ts'
import { switchLanguage } from './lib/shell.ts'
import { E2E_VISITOR } from './lib/accounts.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'
import { KEEPER_ABIS, KEEPER_JOBS } from '../src/features/transparency/keeperJobs.ts'

const browser = useBrowser()

const HOLDERS = [
  ['Burn', 'USDT'],
  ['Fomo', 'USDT'],
  ['SuperFomo', 'USDT'],
  ['Double', 'USDT'],
  ['Mining', 'Token'],
  ['Nft', 'Token'],
] as const

describe('transparency (public)', () => {
  it('shows each fund holder’s holdings and debts as the chain reports them, without a wallet', async () => {
    const { page, problems, context } = await openPage(browser, { storage: { lang: 'en' } })
    try {
      await page.goto(`${baseUrl}/transparency`)
      await waitForPage(page, '/transparency')
      expect(await page.locator('main h1').first().textContent()).toBe('Transparency')
      const client = chainClients(rpcUrl).public
      for (const [name, token] of HOLDERS) {
        const row = page.getByTestId(`solvency-${name}`)
        await page.locator(`[data-testid="solvency-${name}"]:not([data-status="loading"])`).waitFor({ timeout: 15_000 })
        const address = contract(name)
        const holds = await client.readContract({
          address: contract(token),
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        })
        const excess = await client.readContract({
          address,
          abi: iNexusUpgradeableAbi,
          functionName: 'excessOf',
          args: [contract(token)],
        })
        const status = await row.getAttribute('data-status')
        expect(await row.getByTestId('solvency-holds').textContent()).toContain(formatAmount(holds, 18, 4))
        if (excess > 0n) {
          expect(await row.getByTestId('solvency-owed').textContent()).toContain(formatAmount(holds - excess, 18, 4))
        }
        if (name === 'Double') {
          // Double releases twice each deposit, the doubled half only out of later deposits: owing more than it
          // holds is its design, shown as such (not as a shortfall), with what it reports it owes.
          const [held, owed] = await client.readContract({
            address,
            abi: doubleAbi,
            functionName: 'getSolvency',
          })
          expect(held).toBe(holds)
          expect(await row.getByTestId('solvency-owed').textContent()).toContain(formatAmount(owed, 18, 4))
          expect(status).toBe(owed > held ? 'deferred' : owed === held ? 'exact' : 'covered')
          if (status === 'deferred') {
            expect(await row.textContent()).toContain('Paid from later deposits')
            expect(await page.getByTestId('solvency-deferred-note').isVisible()).toBe(true)
          }
        } else {
          // The seed only moves what users pay and claim: every other holder covers what it owes.
          expect(status).not.toBe('short')
          expect(status).not.toBe('deferred')
        }
      }
      // The seeded Double has deposits and few claims: it owes more than it holds.
      expect(await page.getByTestId('solvency-Double').getAttribute('data-status')).toBe('deferred')
      // Burn reports what it owes: its reserves are at most what it holds.
      const reserves = await client.readContract({
        address: contract('Burn'),
        abi: burnAbi,
        functionName: 'getReserves',
      })
      const usdt = await client.readContract({
        address: contract('USDT'),
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [contract('Burn')],
      })
      expect(reserves.pool + reserves.orders + reserves.balances + reserves.swap <= usdt).toBe(true)
      expect(problems.list).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('lists every admin action newest first, with its transaction, and filters by contract, in both languages', async () => {
    const { page, context } = await openPage(browser)
    try {
      await page.goto(`${baseUrl}/transparency`)
      await waitForPage(page, '/transparency')
      expect(await page.locator('main h1').first().textContent()).toBe('透明度')
      await page.getByTestId('admin-action').first().waitFor({ timeout: 20_000 })
      const blocks = async () =>
        (
          await page.getByTestId('admin-action').evaluateAll((items) => items.map((item) => item.textContent ?? ''))
        ).map((text) => Number(/(?:區塊|Block) (\d+)/.exec(text)?.[1]))
      const first = await blocks()
      expect(first.length).toBeGreaterThan(0)
      expect(first.every((block, index) => index === 0 || block <= (first[index - 1] ?? 0))).toBe(true)
      for (const hash of await page.getByTestId('admin-action-tx').allTextContents()) {
        expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      }
      // Deployment and seed leave more than one page: the next page continues older.
      const more = page.getByTestId('admin-more')
      if ((await more.count()) > 0) {
        await more.click()
        await page.waitForFunction(
          (count) => document.querySelectorAll('[data-testid="admin-action"]').length > count,
          first.length,
        )
        const all = await blocks()
        expect(all.every((block, index) => index === 0 || block <= (all[index - 1] ?? 0))).toBe(true)
      }
      await page.getByTestId('admin-filter').selectOption('Nft')
      await page.locator('[data-testid="admin-action"][data-contract="Nft"]').first().waitFor()
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="admin-action"]')].every(
          (item) => item.getAttribute('data-contract') === 'Nft',
        ),
      )
      // The cards created at deployment are privileged actions of the NFT contract.
      expect(await page.locator('[data-testid="admin-action"][data-event="CardCreated"]').count()).toBeGreaterThan(0)

      await switchLanguage(page, 'en')
      expect(await page.locator('main h1').first().textContent()).toBe('Transparency')
      expect(await page.getByTestId('admin-actions').textContent()).toContain('Admin actions')
      expect(await page.getByTestId('solvency').textContent()).toContain('Owes users')
    } finally {
      await context.close()
    }
  })

  it("shows when each keeper job last ran, from the chain: a public performUpkeep appears as the job's last run", async () => {
    const client = chainClients(rpcUrl).public
    const wallet = chainClients(rpcUrl).wallet
    const contracts = ['Token', 'Burn', 'Fomo', 'SuperFomo', 'Mining'] as const
    const check = async () => {
      for (const name of contracts) {
        const address = contract(name)
        const [needed, data] = (await client.readContract({
          address,
          abi: KEEPER_ABIS[name] as typeof tokenAbi,
          functionName: 'checkUpkeep',
          args: ['0x'],
        })) as readonly [boolean, Hex]
        if (needed) return { name, address, data }
      }
      return undefined
    }
    // The stack's keeper runs every 15 s and may do the due work first: make it due, and do it at once as a visitor
    // (as Chainlink or Gelato would, paid nothing); when the keeper was faster, make the next work due and try again.
    const testClient = createTestClient({ mode: 'hardhat', transport: http(rpcUrl) })
    let done: {
      name: (typeof contracts)[number]
      receipt: Awaited<ReturnType<typeof client.waitForTransactionReceipt>>
    }
    for (let attempt = 0; ; attempt++) {
      let work = await check()
      if (!work) {
        // nothing due: the pair burn is due once burnTime has passed since the last one
        const config = await client.readContract({
          address: contract('Token'),
          abi: tokenAbi,
          functionName: 'getConfig',
        })
        await testClient.increaseTime({ seconds: Number(config.burnTime) + 1 })
        await testClient.mine({ blocks: 1 })
        work = await check()
      }
      expect(work, 'some upkeep is due').toBeDefined()
      if (!work) return
      const request = {
        address: work.address,
        abi: KEEPER_ABIS[work.name] as typeof tokenAbi,
        functionName: 'performUpkeep',
        args: [work.data],
        account: E2E_VISITOR,
      } as const
      try {
        await client.simulateContract(request)
      } catch (error) {
        // the keeper did this work between the check and now
        if (attempt < 3) continue
        throw error
      }
      const receipt = await client.waitForTransactionReceipt({
        hash: await wallet.writeContract({ ...request, chain: null }),
      })
      expect(receipt.status).toBe('success')
      done = { name: work.name, receipt }
      break
    }
    const { name, receipt } = done
    const { page, context } = await openPage(browser, { storage: { lang: 'en' } })
    try {
      await page.goto(`${baseUrl}/transparency`)
      await waitForPage(page, '/transparency')
      await page.getByTestId('keeper-jobs').waitFor({ timeout: 15_000 })
      const events = parseEventLogs({ abi: KEEPER_ABIS[name] ?? [], logs: receipt.logs })
      const ran = KEEPER_JOBS.filter(
        (job) =>
          job.contract === name &&
          events.some(
            (event) =>
              event.eventName === job.event && (!job.forced || (event.args as { forced?: boolean }).forced === true),
          ),
      )
      expect(ran.length, `a keeper job's event in ${name}.performUpkeep`).toBeGreaterThan(0)
      for (const job of ran) {
        const last = page.locator(`[data-testid="keeper-job"][data-job="${job.id}"] [data-testid="keeper-job-last"]`)
        // the visitor's run, unless the keeper ran the same job again since (then that later run, from the chain)
        await expect
          .poll(async () => BigInt((await last.getAttribute('data-block')) ?? '0'), { timeout: 20_000 })
          .toBeGreaterThanOrEqual(receipt.blockNumber)
        if ((await last.getAttribute('data-block')) === String(receipt.blockNumber))
          expect(await last.textContent()).toContain(receipt.transactionHash.slice(0, 6))
      }
      await switchLanguage(page, 'zh-Hant')
      expect(await page.getByTestId('keeper-jobs').textContent()).toContain('上次執行')
    } finally {
      await context.close()
    }
  })
})
