import { burnAbi, doubleAbi, iNexusUpgradeableAbi, miningAbi, tokenAbi } from '@nexus/abi'
import { formatAmount } from '@nexus/sdk'
import { createTestClient, erc20Abi, http, parseEventLogs } from 'viem'
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { openPage, waitForPage } from './lib/browser.ts'
import { chainClients, contract, deployedContracts } from './lib/chain.ts'
import { switchLanguage } from './lib/shell.ts'
import { ownerWrite, percentText } from './lib/web4Admin.ts'
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
  // the cards' dividends are USDT (Nft's reward token), not NEX
  ['Nft', 'USDT'],
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
        expect(await row.getByTestId('solvency-holds').textContent()).toContain(
          `${formatAmount(holds, 18, 4)} ${token === 'Token' ? 'NEX' : 'USDT'}`,
        )
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

  it('lists every deployed contract that holds USDT or NEX, with what it owes; Stake’s and Ido’s proceeds said as such', async () => {
    const client = chainClients(rpcUrl).public
    const tokens = [
      ['USDT', contract('USDT')],
      ['NEX', contract('Token')],
    ] as const
    // Every deployed contract that keeps users' claims (answers excessOf), with each token it holds: derived from
    // the deployments file and the chain, so a contract added to the deployment and holding tokens is checked too.
    const holding: { name: string; symbol: string; holds: bigint; excess: bigint }[] = []
    for (const [name, address] of Object.entries(deployedContracts())) {
      for (const [symbol, token] of tokens) {
        const excess = await client
          .readContract({ address, abi: iNexusUpgradeableAbi, functionName: 'excessOf', args: [token] })
          .catch(() => undefined)
        if (excess === undefined) break // not a contract that keeps users' funds (a token, the pair, the router…)
        const holds = await client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        })
        if (holds > 0n) holding.push({ name, symbol, holds, excess })
      }
    }
    // the seed stakes and mints: Stake and Ido hold tokens, as Burn, the pools, Mining and Nft do
    for (const name of ['Stake', 'Ido', 'Burn', 'Mining']) expect(holding.map((entry) => entry.name)).toContain(name)

    const { page, problems, context } = await openPage(browser, { storage: { lang: 'en' } })
    try {
      await page.goto(`${baseUrl}/transparency`)
      await waitForPage(page, '/transparency')
      const table = page.getByTestId('solvency')
      await table.locator('tr[data-contract="Stake"]:not([data-status="loading"])').first().waitFor({ timeout: 15_000 })
      for (const { name, symbol, holds, excess } of holding) {
        const row = table.locator(`tr[data-contract="${name}"][data-token="${symbol}"]`)
        await expect.poll(() => row.count(), { timeout: 15_000, message: `${name} ${symbol}` }).toBe(1)
        expect(await row.getByTestId('solvency-holds').textContent()).toContain(
          `${formatAmount(holds, 18, 4)} ${symbol}`,
        )
        if (excess > 0n) {
          expect(await row.getByTestId('solvency-owed').textContent()).toContain(formatAmount(holds - excess, 18, 4))
        }
      }
      // Stake owes its stakers NEX; its USDT (the stakes' proceeds) is the owner's, and the table says so.
      expect(await table.locator('tr[data-contract="Stake"][data-token="NEX"]').count()).toBe(1)
      expect(await table.locator('tr[data-contract="Ido"][data-token="NEX"]').count()).toBe(1)
      const stakeUsdt = holding.find((entry) => entry.name === 'Stake' && entry.symbol === 'USDT')
      if (stakeUsdt && stakeUsdt.excess === stakeUsdt.holds) {
        const row = table.locator('tr[data-contract="Stake"][data-token="USDT"]')
        expect(await row.getAttribute('data-status')).toBe('proceeds')
        expect(await row.getByTestId('solvency-proceeds').textContent()).toContain('the owner')
      }
      expect(await page.getByTestId('solvency-proceeds-note').textContent()).toContain('Stake owes its stakers NEX')
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

  it('reads every admin action in Traditional Chinese: translated event names and labels, amounts with their token', async () => {
    const client = chainClients(rpcUrl).public
    const mining = contract('Mining')
    const before = await client.readContract({ address: mining, abi: miningAbi, functionName: 'getConfig' })
    // a change of a NEX amount and a rate, as a manager would make it (restored below: all test files share the chain)
    const lowered = before.userMax - 1_000n * 10n ** 18n
    const fee = before.feeRate === 2_000n ? 1_999n : before.feeRate + 1n
    const settings = (userMax: bigint, feeRate: bigint) => ({
      addTime: before.addTime,
      dayTimes: before.dayTimes,
      mintDay: before.mintDay,
      userMax,
      userMin: before.userMin,
      handleGas: before.handleGas,
      feeRate,
    })
    const { page, problems, context } = await openPage(browser)
    try {
      await ownerWrite(rpcUrl, {
        address: mining,
        abi: miningAbi,
        functionName: 'setConfig',
        args: [settings(lowered, fee)],
      })
      const expected = {
        userMax: `最大質押（NEX）: ${formatAmount(before.userMax, 18, 4)} NEX → ${formatAmount(lowered, 18, 4)} NEX`,
        feeRate: `手續費率: ${percentText(before.feeRate)} → ${percentText(fee)}`,
      }
      // the indexer may need a moment to reach the block: reload until the change is listed
      const started = Date.now()
      let changes: Record<string, string> = {}
      for (;;) {
        await page.goto(`${baseUrl}/transparency`)
        await waitForPage(page, '/transparency')
        expect(await page.locator('main h1').first().textContent()).toBe('透明度')
        await page.getByTestId('admin-filter').selectOption('Mining')
        const newest = page
          .locator('[data-testid="admin-action"][data-contract="Mining"][data-event="ConfigUpdated"]')
          .first()
        await newest.waitFor({ timeout: 15_000 })
        changes = Object.fromEntries(
          await newest
            .getByTestId('admin-action-change')
            .evaluateAll((items) =>
              items.map((item) => [item.getAttribute('data-name') ?? '', item.textContent ?? '']),
            ),
        )
        if (changes.userMax === expected.userMax || Date.now() - started > 45_000) break
        await page.waitForTimeout(1_000)
      }
      expect(changes.userMax).toBe(expected.userMax)
      expect(changes.feeRate).toBe(expected.feeRate)
      expect(
        await page
          .locator('[data-testid="admin-action"][data-event="ConfigUpdated"] [data-testid="admin-action-event"]')
          .first()
          .textContent(),
      ).toBe('設定已變更')

      // every contract's actions: no English event name, no raw wei, no JSON
      await page.getByTestId('admin-filter').selectOption('')
      await page
        .locator('[data-testid="admin-action"]:not([data-contract="Mining"])')
        .first()
        .waitFor({ timeout: 15_000 })
      const rows = await page.getByTestId('admin-action').evaluateAll((items) =>
        items.map((item) => ({
          event: item.getAttribute('data-event') ?? '',
          label: item.querySelector('[data-testid="admin-action-event"]')?.textContent ?? '',
          changes: [...item.querySelectorAll('[data-testid="admin-action-change"]')].map(
            (change) => change.textContent ?? '',
          ),
        })),
      )
      expect(rows.length).toBeGreaterThan(5)
      for (const row of rows) {
        expect(row.label, row.event).not.toBe(row.event)
        expect(row.label, row.event).toMatch(/[\u4e00-\u9fff]/)
        for (const change of row.changes) {
          // hexadecimal (addresses, call data, ids) is what it is; a number of 16 digits or more is raw wei
          const text = change.replace(/0x[0-9a-fA-F]+/g, '0x')
          expect(text, row.event).not.toMatch(/\d{16,}/)
          expect(text, row.event).not.toMatch(/[{}"]/)
        }
      }
      expect(problems.list).toEqual([])
    } finally {
      await ownerWrite(rpcUrl, {
        address: mining,
        abi: miningAbi,
        functionName: 'setConfig',
        args: [settings(before.userMax, before.feeRate)],
      })
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
