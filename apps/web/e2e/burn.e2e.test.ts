import { burnAbi } from '@nexus/abi'
import { formatAmount } from '@nexus/sdk'
import { erc20Abi, parseEther } from 'viem'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, chainClients, contract, hdAccount, prepareTestAccount } from './lib/chain.ts'
import { waitForPage } from './lib/browser.ts'
import { doubleClickSendsOne } from './lib/oneTransaction.ts'
import { openConnected } from './lib/session.ts'
import { switchLanguage } from './lib/shell.ts'
import { burnDirectly, processBurnExpiredDirectly } from './lib/web2Accounts.ts'
import { web2Explained, web2Number, web2Stat, web2Transact } from './lib/web2Flow.ts'
import { chainTime, moveChainTimeTo } from './lib/web3Pools.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

/** Burns through the page; its referrer funds the pool afterwards with an order of its own. */
const BURNER = hdAccount(100)
const FUNDER = hdAccount(101)
/** Two accounts whose orders expire and wait in Burn's expiry queue. */
const EXPIRING = [hdAccount(111), hdAccount(112)] as const
/** Holds two orders whose dividends /burn and /orders must show alike, then claims them. */
const HOLDER = hdAccount(113)
const browser = useBrowser()

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, FUNDER, { usdt: parseEther('5000') })
  await prepareTestAccount(rpcUrl, BURNER, { referrer: FUNDER, usdt: parseEther('5000') })
  for (const account of EXPIRING) await prepareTestAccount(rpcUrl, account, { usdt: parseEther('500') })
  await prepareTestAccount(rpcUrl, HOLDER, { referrer: FUNDER, usdt: parseEther('1000') })
})

/** Every order of `account` with what it was credited and what it has accrued, straight from the chain. */
async function chainOrders(account: Address) {
  const Burn = contract('Burn')
  const { public: client } = chainClients(rpcUrl)
  const user = await client.readContract({ address: Burn, abi: burnAbi, functionName: 'users', args: [account] })
  const orders = []
  for (let position = 0n; position < user.orders; position++) {
    const index = await client.readContract({
      address: Burn,
      abi: burnAbi,
      functionName: 'userOrderIndex',
      args: [account, position],
    })
    const order = await client.readContract({ address: Burn, abi: burnAbi, functionName: 'orders', args: [index] })
    const pending = await client.readContract({
      address: Burn,
      abi: burnAbi,
      functionName: 'pendingReward',
      args: [index],
    })
    orders.push({ index, earned: order.reward + pending, pending, isValid: order.isValid })
  }
  return { user, orders }
}

describe('burn dividends', () => {
  it('shows the plan, refuses too much, burns with approval, then claims the dividends', async () => {
    const [Burn, USDT] = [contract('Burn'), contract('USDT')]
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: BURNER,
      path: '/burn',
      storage: { lang: 'en' },
    })
    const plan = await page.getByTestId('burn-plan').textContent()
    for (const line of [
      '15 keys synthesize a syndicate',
      '50% community dividends',
      '1.5 times fee yield',
      'forced redemption after 30 days',
    ])
      expect(plan).toContain(line)
    await expect.poll(() => web2Stat(page, 'burn-balance'), { timeout: 15_000 }).toMatch(/^[\d,]+(\.\d+)? USDT$/)
    const ordersBefore = web2Number(await web2Stat(page, 'my-orders'))

    await web2Explained(page, () =>
      page.locator('[data-testid="session"][data-registered="true"]').waitFor({ state: 'attached', timeout: 15_000 }),
    )
    // The field starts empty and the preview shows no order until it holds one.
    expect(await page.getByTestId('burn-times').inputValue()).toBe('')
    expect(await web2Stat(page, 'burn-value')).toBe('— USDT')
    await page.getByTestId('burn-times').fill('1000')
    await web2Explained(page, async () => {
      await page.getByTestId('burn-submit').click({ timeout: 10_000 })
      await page.getByRole('status').filter({ hasText: 'Balance Insufficient' }).waitFor()
    })

    await page.getByTestId('burn-times').fill('２')
    await expect.poll(() => web2Stat(page, 'burn-value')).toBe('200 USDT')
    expect(await web2Stat(page, 'burn-tokens')).toMatch(/NEX$/)
    const spent = await balanceOf(rpcUrl, USDT, BURNER)
    await web2Transact(page, 'burn-submit', 'Burned')
    const allowance = await chainClients(rpcUrl).public.readContract({
      address: USDT,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [BURNER, Burn],
    })
    expect(allowance).toBeGreaterThan(10n ** 36n)
    expect(spent - (await balanceOf(rpcUrl, USDT, BURNER))).toBe(parseEther('200'))
    await expect.poll(() => web2Stat(page, 'my-orders')).toBe(String(ordersBefore + 1))
    await expect.poll(async () => web2Number(await web2Stat(page, 'my-force'))).toBeGreaterThanOrEqual(200)

    // Another order shares its community part with the valid orders by force: dividends become pending.
    await burnDirectly(rpcUrl, FUNDER, 5n)
    await processBurnExpiredDirectly(rpcUrl, FUNDER)
    await expect
      .poll(async () => web2Number(await web2Stat(page, 'burn-pending')), { timeout: 15_000 })
      .toBeGreaterThan(0)
    const before = await balanceOf(rpcUrl, USDT, BURNER)
    await web2Transact(page, 'burn-claim', 'Claimed')
    expect(await balanceOf(rpcUrl, USDT, BURNER)).toBeGreaterThan(before)

    await switchLanguage(page, 'zh-Hant')
    const zh = await page.getByTestId('burn-plan').textContent()
    for (const line of ['15 把鑰匙合成一個財團', '50% 社區分紅', '1.5 倍手續費收益', '30 天後強制贖回'])
      expect(zh).toContain(line)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('shows that expired orders hold the dividends back, settles them with processExpired, then claims', async () => {
    const [Burn, USDT] = [contract('Burn'), contract('USDT')]
    const { public: client } = chainClients(rpcUrl)
    const config = await client.readContract({ address: Burn, abi: burnAbi, functionName: 'getConfig' })
    // Two orders that expire (outDays local days), and the clock past their end: they wait in the expiry queue.
    for (const account of EXPIRING) await burnDirectly(rpcUrl, account, 1n)
    await moveChainTimeTo(rpcUrl, (await chainTime(rpcUrl)) + config.outDays * config.dayTimes + 60n)
    // A fresh order of the burner, then another order that feeds the pool: with two expired orders queued, Burn
    // shares nothing new (pendingReward shows no share) until they are forced out.
    await burnDirectly(rpcUrl, BURNER, 1n)
    await burnDirectly(rpcUrl, FUNDER, 5n)
    const head = (await client.readContract({ address: Burn, abi: burnAbi, functionName: 'totalInfo' })).lastOut
    expect(head).toBeGreaterThan(0n)

    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: BURNER,
      path: '/burn',
      storage: { lang: 'en' },
    })
    const hint = page.getByTestId('burn-expired-waiting')
    await hint.waitFor({ timeout: 15_000 })
    expect(await hint.textContent()).toContain('Expired orders wait to be settled')
    // /transparency says the same: Burn's forced outs are due (one definition, both pages).
    const burnOutsDue = async () => {
      const other = await context.newPage()
      try {
        await other.goto(`${baseUrl}/transparency`)
        await waitForPage(other, '/transparency')
        const row = other.locator('[data-testid="keeper-job"][data-job="burnOuts"]')
        await row
          .getByTestId('keeper-job-due')
          .filter({ hasText: /^(Yes|No)$/ })
          .waitFor({ timeout: 15_000 })
        return await row.getAttribute('data-due')
      } finally {
        await other.close()
      }
    }
    expect(await burnOutsDue()).toBe('true')
    // Settling: one transaction per click (a double click included), as many clicks as batches are needed.
    for (let batch = 0; (await hint.count()) > 0; batch++) {
      expect(batch).toBeLessThan(40)
      await doubleClickSendsOne(
        page,
        rpcUrl,
        BURNER,
        page.getByTestId('burn-process-expired'),
        'Expired orders settled',
        'dblclick',
      )
      await page.waitForTimeout(500)
    }
    const after = await client.readContract({ address: Burn, abi: burnAbi, functionName: 'totalInfo' })
    // none waits any more, on either page
    expect(await burnOutsDue()).toBe('false')
    if (after.lastOut !== 0n) {
      const order = await client.readContract({
        address: Burn,
        abi: burnAbi,
        functionName: 'orders',
        args: [after.lastOut],
      })
      expect(order.endTime).toBeGreaterThan(await chainTime(rpcUrl))
    }
    // The pool is shared again: the dividends are pending and the claim pays them.
    await expect
      .poll(async () => web2Number(await web2Stat(page, 'burn-pending')), { timeout: 15_000 })
      .toBeGreaterThan(0)
    const before = await balanceOf(rpcUrl, USDT, BURNER)
    await web2Transact(page, 'burn-claim', 'Claimed')
    expect(await balanceOf(rpcUrl, USDT, BURNER)).toBeGreaterThan(before)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('shows each dividend figure the same on /burn and /orders, and the claim pays what it showed', async () => {
    const USDT = contract('USDT')
    await burnDirectly(rpcUrl, HOLDER, 1n)
    await burnDirectly(rpcUrl, HOLDER, 2n)
    // Other orders feed the pool: the holder's orders accrue dividends they have not been credited yet.
    await processBurnExpiredDirectly(rpcUrl, FUNDER)
    await burnDirectly(rpcUrl, FUNDER, 5n)
    await processBurnExpiredDirectly(rpcUrl, FUNDER)
    const before = await chainOrders(HOLDER)
    const accrued = before.orders.reduce((sum, order) => sum + order.pending, 0n)
    expect(accrued).toBeGreaterThan(0n)
    const earned = before.orders.reduce((sum, order) => sum + order.earned, 0n)
    const claimable = before.user.balance + accrued

    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: HOLDER,
      path: '/burn',
      storage: { lang: 'en' },
    })
    // /burn: the order dividends are the sum of every order's dividends so far, credited or not.
    await expect
      .poll(() => web2Stat(page, 'burn-order-dividends'), { timeout: 15_000 })
      .toBe(`${formatAmount(earned)} USDT`)
    expect(await web2Stat(page, 'burn-pending')).toBe(`${formatAmount(claimable)} USDT`)
    const pays = await web2Stat(page, 'burn-claim-pays')
    expect(web2Number(pays)).toBeLessThan(web2Number(await web2Stat(page, 'burn-pending')))

    // /orders: each row shows the same per-order figure, read the same way.
    await page.goto(`${baseUrl}/orders`)
    for (const order of before.orders) {
      const row = page.locator(`[data-testid="burn-order"][data-index="${order.index}"]`)
      await expect
        .poll(() => row.getByTestId('order-reward').textContent(), { timeout: 30_000 })
        .toMatch(new RegExp(`^${formatAmount(order.earned).replaceAll('.', '\\.')} / `))
    }

    // The claim pays exactly what /burn said it would, and leaves nothing pending.
    await page.goto(`${baseUrl}/burn`)
    await expect.poll(() => web2Stat(page, 'burn-claim-pays'), { timeout: 15_000 }).toBe(pays)
    const balance = await balanceOf(rpcUrl, USDT, HOLDER)
    await web2Transact(page, 'burn-claim', 'Claimed')
    const received = (await balanceOf(rpcUrl, USDT, HOLDER)) - balance
    expect(`${formatAmount(received)} USDT`).toBe(pays)
    const after = await chainOrders(HOLDER)
    expect(after.user.balance).toBe(0n)
    expect(after.orders.every((order) => order.pending === 0n)).toBe(true)
    await expect.poll(() => web2Stat(page, 'burn-pending'), { timeout: 15_000 }).toBe('0 USDT')
    expect(await web2Stat(page, 'burn-claim-pays')).toBe('0 USDT')
    // Claiming moved the dividends from accrued to credited: their sum is what it was.
    expect(await web2Stat(page, 'burn-order-dividends')).toBe(`${formatAmount(earned)} USDT`)
    expect(problems.list).toEqual([])
    await context.close()
  })
})
