import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { E2E_SWAPPER } from './lib/accounts.ts'
import { openPage, waitForPage } from './lib/browser.ts'
import { sentCount } from './lib/oneTransaction.ts'
import { waitForWallet } from './lib/session.ts'
import { switchLanguage } from './lib/shell.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// The development wallet (test build) with its refusal switch on: every signature and transaction is rejected
// (code 4001) as by a user pressing "Reject". The account holds USDT, so every check of the page passes first.
const browser = useBrowser()

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('loginToken'))
const panelState = (page: Page) =>
  page.locator('[data-testid="legacy-team"] [data-testid="sign-in-panel"]').getAttribute('data-state')

describe('a refused signature', () => {
  it('says so in the language of the page, keeps the input and sends nothing', async () => {
    const { page, problems, context } = await openPage(browser, {
      storage: { lang: 'zh-Hant', 'devWallet.account': E2E_SWAPPER, 'devWallet.refuse': '1' },
    })
    await page.goto(`${baseUrl}/burn`)
    await waitForPage(page, '/burn')
    await page.getByTestId('wallet-button').click()
    await waitForWallet(page, E2E_SWAPPER)
    await page.locator('[data-testid="session"][data-registered="true"]').waitFor({ state: 'attached' })

    // A transaction (with its approval first): refused in the wallet, told in Chinese, the typed units kept.
    const sent = await sentCount(rpcUrl, E2E_SWAPPER)
    await page.getByTestId('burn-times').fill('2')
    await page.getByTestId('burn-submit').click()
    await page.getByRole('alert').filter({ hasText: '您已在錢包中拒絕了此請求。' }).waitFor({ timeout: 20_000 })
    await page.getByRole('alertdialog', { name: /AWAITING|等待/ }).waitFor({ state: 'detached', timeout: 10_000 })
    expect(await page.getByTestId('burn-times').inputValue()).toBe('2')
    expect(await sentCount(rpcUrl, E2E_SWAPPER)).toBe(sent)

    // The sign-in (one personal_sign): refused, told as not wanting to log in, in either language.
    await page.goto(`${baseUrl}/team`)
    await waitForPage(page, '/team')
    await expect.poll(() => panelState(page), { timeout: 20_000 }).toBe('signed-out')
    const card = page.getByTestId('legacy-team')
    await card.getByTestId('sign-in').click()
    await expect
      .poll(() => card.getByTestId('sign-in-error').textContent(), { timeout: 20_000 })
      .toBe('您拒絕了簽名，不想登入。')
    expect(await page.getByText('您拒絕了簽名，不想登入。').count()).toBe(1)
    await switchLanguage(page, 'en')
    await card.getByTestId('sign-in').click()
    await expect
      .poll(() => card.getByTestId('sign-in-error').textContent(), { timeout: 20_000 })
      .toBe('You rejected the signature: you do not want to log in.')
    // Told once: under the button, not again in a notice.
    expect(await page.getByText('You rejected the signature: you do not want to log in.').count()).toBe(1)
    expect(await panelState(page)).toBe('signed-out')
    expect(await storedToken(page)).toBeNull()

    // The switch in the side menu off: the same button signs in.
    await page.getByTestId('menu-button').click()
    await page.getByTestId('dev-wallet-refuse').uncheck()
    await page.keyboard.press('Escape')
    await page.locator('.app-drawer.is-open').waitFor({ state: 'detached' })
    await card.getByTestId('sign-in').click()
    await expect.poll(() => panelState(page), { timeout: 20_000 }).toBe('signed-in')
    expect(await storedToken(page)).toMatch(/^[0-9a-f]{64}$/)
    expect(await sentCount(rpcUrl, E2E_SWAPPER)).toBe(sent)
    expect(problems.list).toEqual([])
    await context.close()
  })
})
