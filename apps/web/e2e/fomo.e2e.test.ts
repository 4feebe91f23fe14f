import { join } from 'node:path'
import { doubleAbi, fomoAbi } from '@nexus/abi'
import { erc20Abi, formatEther, parseEther } from 'viem'
import type { Abi, Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { saveScreenshot, SCREENSHOT_DIR, VIEWPORTS, waitForPage } from './lib/browser.ts'
import type { ViewportName } from './lib/browser.ts'
import { balanceOf, chainClients, contract, prepareTestAccount } from './lib/chain.ts'
import { shortAddress } from './lib/format.ts'
import { doubleClickSendsOne } from './lib/oneTransaction.ts'
import { openConnected } from './lib/session.ts'
import { switchLanguage } from './lib/shell.ts'
import {
  allowanceOf,
  chainTime,
  figure,
  moveChainTimeTo,
  must,
  POOL_ACCOUNT,
  readPool,
  refused,
  transact,
  writeAs,
} from './lib/web3Pools.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// This file moves the shared chain's clock (once, by the 30-day lock of tier 0: 30 local days of 600 s).

type Pool = {
  name: 'Fomo' | 'SuperFomo'
  game: string
  mine: string
  team: string
  account: Address
  /** A qualifying deposit (the pool's roundMin is 100 USDT for FOM, 1,000 for super FOM). */
  deposit: string
}
const POOLS: readonly Pool[] = [
  { name: 'Fomo', game: '/fomo', mine: '/fomoMine', team: '/fomoTeam', account: POOL_ACCOUNT(120), deposit: '150' },
  {
    name: 'SuperFomo',
    game: '/superFom',
    mine: '/superFomMine',
    team: '/superFomTeam',
    account: POOL_ACCOUNT(121),
    deposit: '1000',
  },
]
const FOM = must(POOLS[0], 'the FOM pool')
/** Invited by the FOM account; deposits into the FOM pool (team page). */
const INVITEE = POOL_ACCOUNT(122)

const browser = useBrowser()
/** The round each pool's deposits joined. */
const joined = new Map<string, bigint>()

const read = <T>(pool: Pool, functionName: string, args: readonly unknown[] = []) =>
  readPool<T>(rpcUrl, pool.name, functionName, args)

beforeAll(async () => {
  for (const pool of POOLS)
    await prepareTestAccount(rpcUrl, pool.account, { usdt: parseEther('20000'), nex: parseEther('5000') })
  await prepareTestAccount(rpcUrl, INVITEE, { referrer: FOM.account, usdt: parseEther('1000') })
})

describe('FOM and super FOM pools', () => {
  for (const pool of POOLS) {
    it(`${pool.name}: deposits with approval, leads the round and cannot release before the lock ends`, async () => {
      const address = contract(pool.name)
      const USDT = contract('USDT')
      const { page, problems, context } = await openConnected(browser, baseUrl, {
        rpcUrl,
        account: pool.account,
        path: pool.game,
        storage: { lang: 'en' },
      })
      await page.locator('[data-testid="round-phase"]').waitFor()
      // The fairness panel states the pool's own rules.
      const config = await read<{ roundMin: bigint; roundTime: bigint; addTime: bigint }>(pool, 'getConfig')
      const rules = await page.getByTestId('fairness').textContent()
      expect(rules).toContain(`at least ${Number(config.roundMin / 10n ** 18n).toLocaleString('en')} USDT qualifies`)
      expect(rules).toContain(
        pool.name === 'Fomo'
          ? 'starts the clock at 1h; every later one adds 1min'
          : 'at 30min; every later one adds 30s',
      )
      expect(rules).toContain('50%, 20%, 15%, 10%, 5%')
      expect(rules).toContain('Nothing depends on randomness')

      // Too much for the account: refused before the wallet is asked.
      await page.getByTestId('deposit-amount').fill('5000000')
      await refused(page, page.getByTestId('deposit-submit'), 'Exceeds the maximum')

      const approved = await allowanceOf(rpcUrl, USDT, pool.account, address)
      expect(approved === 0n || approved > 10n ** 36n).toBe(true)
      const usdtBefore = await balanceOf(rpcUrl, USDT, pool.account)
      await page.getByTestId('tier-0').click()
      await page.getByTestId('pay-USDT').click()
      await page.getByTestId('deposit-amount').fill(pool.deposit)
      await transact(page, 'deposit-submit', 'Deposited')
      expect(await allowanceOf(rpcUrl, USDT, pool.account, address)).toBeGreaterThan(10n ** 36n)
      expect(usdtBefore - (await balanceOf(rpcUrl, USDT, pool.account))).toBe(parseEther(pool.deposit))

      if (pool.name === 'Fomo') {
        // Paid with NEX at the average price, into the 60-day tier (approving NEX first).
        const Token = contract('Token')
        const nexBefore = await balanceOf(rpcUrl, Token, pool.account)
        await page.getByTestId('tier-1').click()
        await page.getByTestId('pay-NEX').click()
        await page.getByTestId('deposit-amount').fill('120')
        await expect.poll(() => page.getByTestId('deposit-note').textContent()).toMatch(/about [\d,.]+ NEX/)
        await transact(page, 'deposit-submit', 'Deposited')
        expect(await allowanceOf(rpcUrl, Token, pool.account, address)).toBeGreaterThan(10n ** 36n)
        expect(await balanceOf(rpcUrl, Token, pool.account)).toBeLessThan(nexBefore)
      }

      const totals = await read<{ roundEndIndex: bigint; roundEndTime: bigint }>(pool, 'getTotals')
      joined.set(pool.name, totals.roundEndIndex)
      // The round runs on the chain's clock and this account made the latest qualifying deposit.
      await page.locator('[data-testid="round-phase"][data-phase="running"]').waitFor()
      await expect
        .poll(() => page.getByTestId('leader').first().locator('.pool-record__head').textContent(), { timeout: 10_000 })
        .toContain(`#1 · ${shortAddress(pool.account)}`)
      expect(await page.getByTestId('round').getByRole('timer').textContent()).not.toMatch(/^(00\D*)+$/)

      // Own orders: locked, with the double pool label; an early release is refused with its message.
      await page
        .getByRole('link', { name: pool.name === 'Fomo' ? 'My FOM' : 'My super FOM' })
        .first()
        .click()
      await waitForPage(page, pool.mine)
      const orders = await read<[{ index: bigint; endTime: bigint; stakeIndex: bigint }[], bigint]>(
        pool,
        'getUserOrders',
        [pool.account, 0n, 10n],
      )
      const first = must(
        orders[0].find((order) => order.stakeIndex === 0n),
        'the tier-0 order',
      )
      const item = page.getByTestId(`order-${first.index}`)
      await item.locator('[data-testid="record-state"][data-state="locked"]').waitFor({ timeout: 10_000 })
      await item.getByTestId('double-label').waitFor()
      await refused(page, item.getByTestId('release'), 'This order is locked until')
      expect((await read<{ status: bigint }>(pool, 'orders', [first.index])).status).toBe(1n)
      expect(problems.list).toEqual([])
      await context.close()
    })
  }

  it('ends the rounds on the chain clock, shows the winners, pays the prizes and releases after the lock', async () => {
    // Past the round clocks (1 h and 30 min) and the 30-day lock of tier 0 (30 × 600 s).
    let until = 0n
    for (const pool of POOLS) {
      const [orders] = await read<[{ endTime: bigint; stakeIndex: bigint }[], bigint]>(pool, 'getUserOrders', [
        pool.account,
        0n,
        10n,
      ])
      for (const order of orders) if (order.stakeIndex === 0n && order.endTime > until) until = order.endTime
      const totals = await read<{ roundEndTime: bigint }>(pool, 'getTotals')
      if (totals.roundEndTime > until) until = totals.roundEndTime
    }
    expect(until).toBeGreaterThan(await chainTime(rpcUrl))
    await moveChainTimeTo(rpcUrl, until + 5n)

    for (const pool of POOLS) {
      const round = must(joined.get(pool.name), 'the round joined')
      const USDT = contract('USDT')
      const { page, problems, context } = await openConnected(browser, baseUrl, {
        rpcUrl,
        account: pool.account,
        path: pool.game,
        storage: { lang: 'en' },
      })
      // The countdown follows the chain's time: the round is over, waiting for its settlement.
      await page.locator('[data-testid="round-phase"][data-phase="ended"]').waitFor({ timeout: 10_000 })
      expect(await page.getByTestId('round').getByRole('timer').textContent()).toMatch(/^[^1-9]*$/)
      await transact(page, 'settle-round', 'Round settled')
      const settled = await read<{ settled: boolean; winners: bigint[]; count: bigint }>(pool, 'getRound', [round])
      expect(settled.settled).toBe(true)

      // The indexer's settled rounds show the winners and the settlement transaction.
      const row = page.getByTestId('settled-round').filter({ hasText: `Round ${round}` })
      await row.waitFor({ timeout: 30_000 })
      expect(await row.textContent()).toContain(shortAddress(pool.account).toLowerCase())
      expect(await row.textContent()).toMatch(/Settled in0x[0-9a-f]{8}\.\.[0-9a-f]{8}/)

      await page.goto(`${baseUrl}${pool.mine}`)
      await waitForPage(page, pool.mine)
      const prize = await read<bigint>(pool, 'prizeOf', [round, pool.account])
      expect(prize).toBeGreaterThan(0n)
      const before = await balanceOf(rpcUrl, USDT, pool.account)
      await transact(page, `claim-prize-${round}`, 'Claimed')
      expect(await balanceOf(rpcUrl, USDT, pool.account)).toBeGreaterThan(before)
      expect(await read<bigint>(pool, 'prizeOf', [round, pool.account])).toBe(0n)

      // The 30-day order is unlocked now: released, its principal paid.
      const [orders] = await read<[{ index: bigint; stakeIndex: bigint }[], bigint]>(pool, 'getUserOrders', [
        pool.account,
        0n,
        10n,
      ])
      const first = must(
        orders.find((order) => order.stakeIndex === 0n),
        'the tier-0 order',
      )
      const item = page.getByTestId(`order-${first.index}`)
      await item.locator('[data-testid="record-state"][data-state="unlocked"]').waitFor({ timeout: 10_000 })
      const beforeRelease = await balanceOf(rpcUrl, USDT, pool.account)
      // A double click releases once (one transaction), its toast linking the transaction on the explorer.
      await doubleClickSendsOne(page, rpcUrl, pool.account, item.getByTestId('release'), 'Released', 'dblclick')
      expect(await balanceOf(rpcUrl, USDT, pool.account)).toBeGreaterThan(beforeRelease)
      await item.locator('[data-testid="record-state"][data-state="completed"]').waitFor({ timeout: 10_000 })

      // Static rewards accrued over the 30 days: claimed.
      await expect.poll(() => figure(page, 'balance'), { timeout: 10_000 }).toBeGreaterThan(0)
      const beforeClaim = await balanceOf(rpcUrl, USDT, pool.account)
      await doubleClickSendsOne(page, rpcUrl, pool.account, page.getByTestId('claim-balance'), 'Claimed', 'together')
      expect(await balanceOf(rpcUrl, USDT, pool.account)).toBeGreaterThan(beforeClaim)
      expect(problems.list).toEqual([])
      await context.close()
    }
  })

  it('claims the doubling deposit of the orders', async () => {
    const pool = FOM
    const USDT = contract('USDT')
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: pool.account,
      path: pool.mine,
      storage: { lang: 'en' },
    })
    await page.getByTestId('double-record').first().waitFor({ timeout: 10_000 })
    await expect.poll(() => figure(page, 'double-balance'), { timeout: 10_000 }).toBeGreaterThan(0)
    // "Up to" is the deposits times Double.MULTIPLE (2), not the deposits; the pool's holdings and what all
    // records may still release are Double.getSolvency's.
    const deposited = await figure(page, 'double-total')
    expect(deposited).toBeGreaterThan(0)
    expect(await figure(page, 'double-up-to')).toBeCloseTo(deposited * 2, 3)
    expect(await page.getByTestId('double-up-to').locator('dt').textContent()).toBe('Up to (2× the deposits)')
    const [held, owed] = (await chainClients(rpcUrl).public.readContract({
      address: contract('Double'),
      abi: doubleAbi as Abi,
      functionName: 'getSolvency',
    })) as readonly [bigint, bigint]
    await expect.poll(() => figure(page, 'double-owed'), { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await figure(page, 'double-held')).toBeCloseTo(Number(formatEther(held)), 0)
    expect(await figure(page, 'double-owed')).toBeCloseTo(Number(formatEther(owed)), 0)

    // Each record still owed shows where it stands in line (Double.getLine): its place among the records still
    // owed (oldest first), what the older ones and it are owed, and the inflows the pool needs to pay them all.
    const [, records] = (await chainClients(rpcUrl).public.readContract({
      address: contract('Double'),
      abi: doubleAbi as Abi,
      functionName: 'getUserInfo',
      args: [pool.account],
    })) as readonly [unknown, readonly { index: bigint; fomoIndex: bigint; isValid: boolean }[]]
    const [orders] = await read<[{ index: bigint }[], bigint]>(pool, 'getUserOrders', [pool.account, 0n, 10n])
    const mine = new Set(orders.map((order) => order.index))
    const owedRecords = records.filter((record) => record.isValid && mine.has(record.fomoIndex))
    expect(owedRecords.length).toBeGreaterThan(0)
    for (const record of owedRecords) {
      const line = (await chainClients(rpcUrl).public.readContract({
        address: contract('Double'),
        abi: doubleAbi as Abi,
        functionName: 'getLine',
        args: [record.index],
      })) as { position: bigint; owedAhead: bigint; owedSelf: bigint; held: bigint; complete: boolean }
      expect(line.position).toBeGreaterThan(0n)
      const row = page.getByTestId('double-record').filter({ hasText: `For order #${record.fomoIndex}` })
      const value = (label: string) => row.locator(`xpath=.//dt[.="${label}"]/following-sibling::dd[1]`)
      await expect.poll(() => value('Place in line').textContent(), { timeout: 10_000 }).toBe(`#${line.position}`)
      const amount = async (label: string) => Number(((await value(label).textContent()) ?? '').replace(/[^\d.]/g, ''))
      expect(await amount('Still owed to older records')).toBeCloseTo(Number(formatEther(line.owedAhead)), 3)
      expect(await amount('Still owed to this record')).toBeCloseTo(Number(formatEther(line.owedSelf)), 3)
      const short = line.owedAhead + line.owedSelf - line.held
      if (short > 0n)
        expect(await amount('Inflows needed to pay it in full')).toBeCloseTo(Number(formatEther(short)), 3)
      else expect(await value('Inflows needed to pay it in full').textContent()).toBe('None: the pool holds enough')
    }

    // Two clicks before the page repaints claim once.
    const before = await balanceOf(rpcUrl, USDT, pool.account)
    await doubleClickSendsOne(page, rpcUrl, pool.account, page.getByTestId('claim-double'), 'Claimed', 'together')
    expect(await balanceOf(rpcUrl, USDT, pool.account)).toBeGreaterThan(before)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('shows the team: invitees in the pool, the team amount and the four levels', async () => {
    const pool = FOM
    const address = contract(pool.name)
    await writeAs(rpcUrl, INVITEE, {
      address: contract('USDT'),
      abi: erc20Abi,
      functionName: 'approve',
      args: [address, parseEther('1000')],
    })
    await writeAs(rpcUrl, INVITEE, {
      address,
      abi: fomoAbi as Abi,
      functionName: 'burn',
      args: [2n, 1n, parseEther('200'), true],
    })
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: pool.account,
      path: pool.team,
      storage: { lang: 'en' },
    })
    await page
      .getByTestId('invitee')
      .filter({ hasText: shortAddress(INVITEE) })
      .waitFor({ timeout: 10_000 })
    await expect.poll(() => figure(page, 'team-amount'), { timeout: 10_000 }).toBeGreaterThanOrEqual(200)
    expect(await page.getByTestId('team-level').textContent()).toMatch(/^V[0-4]$/)
    for (const level of [1, 2, 3, 4])
      expect(await page.getByTestId(`team-level-${level}`).textContent()).toContain(`V${level}`)
    expect(problems.list).toEqual([])
    await context.close()
  })

  for (const locale of ['zh-Hant', 'en'] as const) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      it(`reads in ${locale} at ${viewport} size, with screenshots of every pool page`, async () => {
        const { page, problems, context } = await openConnected(browser, baseUrl, {
          rpcUrl,
          account: FOM.account,
          path: '/fomo',
          viewport,
          storage: { lang: locale },
        })
        const dir = join(SCREENSHOT_DIR, locale, 'states')
        for (const pool of POOLS) {
          for (const path of [pool.game, pool.mine, pool.team]) {
            await page.goto(`${baseUrl}${path}`)
            await waitForPage(page, path)
            await page.locator('.app-stat dd').filter({ hasText: /\d/ }).first().waitFor({ timeout: 10_000 })
            // The lists that depend on other reads have arrived too.
            await expect.poll(() => page.locator('[data-state="loading"]').count(), { timeout: 10_000 }).toBe(0)
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale)
            await saveScreenshot(page, join(dir, `${path.slice(1)}-connected-${viewport}.png`))
          }
        }
        await page.goto(`${baseUrl}/fomo`)
        await waitForPage(page, '/fomo')
        const heading = page.getByTestId('fairness').locator('h2')
        expect(await heading.textContent()).toBe(locale === 'en' ? 'How a round ends' : '一輪如何結束')
        expect(await page.getByTestId('rule-randomness').textContent()).toContain(
          locale === 'en' ? 'Nothing depends on randomness' : '結果不依賴任何隨機性',
        )
        await switchLanguage(page, locale === 'en' ? 'zh-Hant' : 'en')
        expect(await heading.textContent()).toBe(locale === 'en' ? '一輪如何結束' : 'How a round ends')
        expect(problems.list).toEqual([])
        await context.close()
      }, 120_000)
    }
  }
})
