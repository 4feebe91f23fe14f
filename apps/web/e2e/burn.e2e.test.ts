import { burnAbi } from '@nexus/abi'
import { erc20Abi, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, chainClients, contract, hdAccount, prepareTestAccount } from './lib/chain.ts'
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
const browser = useBrowser()

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, FUNDER, { usdt: parseEther('5000') })
  await prepareTestAccount(rpcUrl, BURNER, { referrer: FUNDER, usdt: parseEther('5000') })
  for (const account of EXPIRING) await prepareTestAccount(rpcUrl, account, { usdt: parseEther('500') })
})

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
    await page.getByTestId('burn-times').fill('1000')
    await web2Explained(page, async () => {
      await page.getByTestId('burn-submit').click({ timeout: 10_000 })
      await page.getByRole('status').filter({ hasText: 'Balance Insufficient' }).waitFor()
    })

    await page.getByTestId('burn-times').fill('2')
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
})
