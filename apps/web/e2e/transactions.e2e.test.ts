import type { Browser, Page } from 'playwright-core'
import type { Address } from 'viem'
import { formatEther, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { E2E_MINTER, E2E_SWAPPER } from './lib/accounts.ts'
import { launchBrowser, waitForPage } from './lib/browser.ts'
import { balanceOf, chainClients, contract } from './lib/chain.ts'
import { ensureIdoRoundInProgress } from './lib/ido.ts'
import { openConnected, watchAwaiting } from './lib/session.ts'

const baseUrl = inject('baseUrl')
const rpcUrl = inject('rpcUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Clicks `button`, then expects the AWAITING overlay to come and go and the success toast `toastText`. */
async function transact(page: Page, testId: string, toastText: string) {
  const toast = page.getByRole('status').filter({ hasText: toastText })
  // The toast of an earlier transaction is gone first (success toasts last 2 s).
  await toast.first().waitFor({ state: 'detached', timeout: 5_000 })
  const awaitingSeen = await watchAwaiting(page)
  await page.getByTestId(testId).click()
  await toast.waitFor({ timeout: 30_000 })
  expect(await awaitingSeen()).toBe(true)
  expect(await page.getByRole('alertdialog', { name: 'AWAITING' }).count()).toBe(0)
  return toast
}

const allowance = (token: Address, owner: Address, spender: Address) =>
  chainClients(rpcUrl).public.readContract({
    address: token,
    abi: [
      {
        type: 'function',
        name: 'allowance',
        stateMutability: 'view',
        inputs: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
        ],
        outputs: [{ name: '', type: 'uint256' }],
      },
    ] as const,
    functionName: 'allowance',
    args: [owner, spender],
  })

describe('transactions', () => {
  it('mints with USDT and with NEX (approving each first), then claims vested NEX', async () => {
    const [Ido, USDT, Token] = [contract('Ido'), contract('USDT'), contract('Token')]
    await ensureIdoRoundInProgress(rpcUrl)
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: E2E_MINTER,
      storage: { lang: 'en' },
    })
    await page.locator('[data-testid="round-status"][data-status="inProgress"]').waitFor({ timeout: 10_000 })
    const units = page.getByTestId('my-units').locator('dd')
    const before = Number(await units.textContent())

    // The §5 checks run before anything is sent.
    await page.getByTestId('mint-times').fill('0')
    await page.getByTestId('mint-submit').click()
    await page.getByRole('status').filter({ hasText: 'Quantity must be greater than 0' }).waitFor()

    for (const [symbol, token] of [
      ['USDT', USDT],
      ['NEX', Token],
    ] as const) {
      // A fresh chain: no allowance yet, so the app asks for the approval first (a re-run finds it given).
      const approvedBefore = await allowance(token, E2E_MINTER, Ido)
      expect(approvedBefore === 0n || approvedBefore > 10n ** 36n).toBe(true)
      const spent = await balanceOf(rpcUrl, token, E2E_MINTER)
      await page.getByTestId(`pay-${symbol}`).click()
      await page.getByTestId('mint-times').fill('1')
      await transact(page, 'mint-submit', 'Minted')
      expect(await allowance(token, E2E_MINTER, Ido)).toBeGreaterThan(10n ** 36n)
      expect(await balanceOf(rpcUrl, token, E2E_MINTER)).toBeLessThan(spent)
      await expect.poll(() => units.textContent()).toBe(String(before + (symbol === 'USDT' ? 1 : 2)))
    }

    // On the local chain vesting has started (claimStart 1, ten 600 s days): minted NEX is claimable.
    const claimable = page.getByTestId('claimable').locator('dd')
    await expect.poll(() => claimable.textContent(), { timeout: 10_000 }).not.toBe('0')
    const nexBefore = await balanceOf(rpcUrl, Token, E2E_MINTER)
    await transact(page, 'claim', 'Claimed')
    expect(await balanceOf(rpcUrl, Token, E2E_MINTER)).toBeGreaterThan(nexBefore)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('swaps USDT for NEX with a quote, price impact and minimum received, then back', async () => {
    const [USDT, Token] = [contract('USDT'), contract('Token')]
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: E2E_SWAPPER,
      path: '/swap',
      storage: { lang: 'en' },
    })
    await waitForPage(page, '/swap')
    // The balances have arrived.
    await page.locator('[data-testid="swap"] .app-field__label .app-muted', { hasText: /\d/ }).waitFor()
    // Too much: refused before the wallet is asked.
    await page.getByTestId('swap-amount').fill('1000000')
    await page.getByTestId('swap-submit').click()
    await page.getByRole('status').filter({ hasText: 'Balance Insufficient' }).waitFor()

    await page.getByTestId('swap-amount').fill('100')
    const quote = page.getByTestId('swap-quote').locator('dd')
    await expect.poll(() => quote.textContent(), { timeout: 10_000 }).toMatch(/^[\d,]+(\.\d+)?$/)
    const quoted = Number((await quote.textContent())?.replace(/,/g, ''))
    const minimum = Number((await page.getByTestId('swap-minimum').locator('dd').textContent())?.replace(/,/g, ''))
    // 1 % slippage by default.
    expect(minimum).toBeCloseTo(quoted * 0.99, 2)
    expect(await page.getByTestId('swap-impact').locator('dd').textContent()).toMatch(/^\d+\.\d\d%$/)
    await page.getByTestId('slippage').getByRole('radio', { name: '5%', exact: true }).click()
    const minimum5 = Number((await page.getByTestId('swap-minimum').locator('dd').textContent())?.replace(/,/g, ''))
    expect(minimum5).toBeCloseTo(quoted * 0.95, 2)

    const usdtBefore = await balanceOf(rpcUrl, USDT, E2E_SWAPPER)
    const nexBefore = await balanceOf(rpcUrl, Token, E2E_SWAPPER)
    await transact(page, 'swap-submit', 'Swapped')
    expect(usdtBefore - (await balanceOf(rpcUrl, USDT, E2E_SWAPPER))).toBe(parseEther('100'))
    const received = (await balanceOf(rpcUrl, Token, E2E_SWAPPER)) - nexBefore
    expect(Number(formatEther(received))).toBeGreaterThanOrEqual(minimum5)

    // And back: NEX for USDT.
    await page.getByTestId('swap-flip').click()
    await page.getByTestId('swap-amount').fill('50')
    await expect.poll(() => quote.textContent(), { timeout: 10_000 }).toMatch(/^[\d,]+(\.\d+)?$/)
    await transact(page, 'swap-submit', 'Swapped')
    expect(await balanceOf(rpcUrl, USDT, E2E_SWAPPER)).toBeGreaterThan(usdtBefore - parseEther('100'))
    expect(problems.list).toEqual([])
    await context.close()
  })
})
