import type { Page } from 'playwright-core'
import type { Address } from 'viem'
import { formatEther, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { E2E_MINTER, E2E_SWAPPER } from './lib/accounts.ts'
import { waitForPage } from './lib/browser.ts'
import { balanceOf, chainClients, contract } from './lib/chain.ts'
import { ensureIdoRoundInProgress } from './lib/ido.ts'
import { openConnected, watchAwaiting } from './lib/session.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

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

  it('swaps USDT for NEX and back at the default 1 % slippage, quoted net of NEX’s buy and sell fees', async () => {
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
    const figure = async (testId: string) =>
      Number((await page.getByTestId(testId).locator('dd').textContent())?.replace(/[^\d.]/g, ''))
    // Too much: refused before the wallet is asked, and the price impact warns.
    await page.getByTestId('swap-amount').fill('1000000')
    await page.getByTestId('swap-impact-warning').waitFor()
    await page.getByTestId('swap-submit').click()
    await page.getByRole('status').filter({ hasText: 'Balance Insufficient' }).waitFor()

    // An amount whose quote shows 0 is refused before the wallet is asked: nothing would come of it.
    const quote = page.getByTestId('swap-quote').locator('dd')
    const sentBefore = await chainClients(rpcUrl).public.getTransactionCount({ address: E2E_SWAPPER })
    await page.getByTestId('swap-amount').fill('0.0000001')
    await expect.poll(() => quote.textContent(), { timeout: 10_000 }).toBe('0')
    await page.getByTestId('swap-submit').click()
    await page.getByRole('status').filter({ hasText: 'You would receive nothing for this amount' }).waitFor()
    expect(await page.getByRole('alertdialog', { name: 'AWAITING' }).count()).toBe(0)
    expect(await chainClients(rpcUrl).public.getTransactionCount({ address: E2E_SWAPPER })).toBe(sentBefore)
    // What a Chinese input method types (full-width digits and dot) is the same amount; a comma is told apart.
    await page.getByTestId('swap-amount').fill('１００．５')
    await expect.poll(() => quote.textContent(), { timeout: 10_000 }).toMatch(/^[1-9][\d,]*(\.\d+)?$/)
    await page.getByTestId('swap-amount').fill('1,5')
    await page.getByTestId('swap-submit').click()
    await page.getByRole('status').filter({ hasText: 'Use a dot for decimals' }).waitFor()

    await page.getByTestId('swap-amount').fill('100')
    await expect.poll(() => quote.textContent(), { timeout: 10_000 }).toMatch(/^[\d,]+(\.\d+)?$/)
    expect(await page.getByTestId('swap-impact-warning').count()).toBe(0)
    // The buy fee (3 % on the local product) is a line of the quote, and the swapper pays it.
    expect(await page.getByTestId('swap-fee').locator('dt').textContent()).toBe('NEX buy fee (3%)')
    const fee = await figure('swap-fee')
    const quoted = await figure('swap-quote')
    expect(fee / (quoted + fee)).toBeCloseTo(0.03, 3)
    // 1 % slippage by default, from the net quote.
    expect(await page.getByTestId('slippage').getByRole('radio', { checked: true }).textContent()).toBe('1%')
    const minimum = await figure('swap-minimum')
    expect(minimum).toBeCloseTo(quoted * 0.99, 2)
    expect(await page.getByTestId('swap-impact').locator('dd').textContent()).toMatch(/^\d+\.\d\d%$/)

    const usdtBefore = await balanceOf(rpcUrl, USDT, E2E_SWAPPER)
    const nexBefore = await balanceOf(rpcUrl, Token, E2E_SWAPPER)
    await transact(page, 'swap-submit', 'Swapped')
    expect(usdtBefore - (await balanceOf(rpcUrl, USDT, E2E_SWAPPER))).toBe(parseEther('100'))
    const received = Number(formatEther((await balanceOf(rpcUrl, Token, E2E_SWAPPER)) - nexBefore))
    expect(received).toBeGreaterThanOrEqual(minimum)
    // The quote was what the swapper got (the pool moved by at most this swap's own rounding).
    expect(received / quoted).toBeCloseTo(1, 3)

    // And back at 1 %: NEX for USDT, the 5 % sell fee taken from the NEX paid.
    await page.getByTestId('swap-flip').click()
    await page.getByTestId('swap-amount').fill('50')
    await expect.poll(() => quote.textContent(), { timeout: 10_000 }).toMatch(/^[\d,]+(\.\d+)?$/)
    expect(await page.getByTestId('swap-fee').locator('dt').textContent()).toBe('NEX sell fee (5%)')
    expect(await figure('swap-fee')).toBeCloseTo(2.5, 6)
    const quotedBack = await figure('swap-quote')
    const usdtMiddle = await balanceOf(rpcUrl, USDT, E2E_SWAPPER)
    await transact(page, 'swap-submit', 'Swapped')
    const receivedBack = Number(formatEther((await balanceOf(rpcUrl, USDT, E2E_SWAPPER)) - usdtMiddle))
    expect(receivedBack).toBeGreaterThanOrEqual(quotedBack * 0.99)
    expect(receivedBack / quotedBack).toBeCloseTo(1, 3)
    expect(problems.list).toEqual([])
    await context.close()
  })
})
