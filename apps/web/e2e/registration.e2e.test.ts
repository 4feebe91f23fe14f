import { describe, expect, it } from 'vitest'
import { E2E_MANAGER, E2E_NEWCOMERS, E2E_OWNER, E2E_VISITOR } from './lib/accounts.ts'
import { firstUnregistered, isRegistered } from './lib/chain.ts'
import { openConnected, watchAwaiting } from './lib/session.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

describe('registration overlay', () => {
  it('blocks an unregistered account; refuses an empty code, an unregistered code and its own address', async () => {
    const account = await firstUnregistered(rpcUrl, E2E_NEWCOMERS)
    // E2E_MANAGER is a manager of the app but not registered in Main: not a valid referrer.
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account,
      path: `/burn?code=${E2E_MANAGER}`,
      storage: { lang: 'en' },
    })
    const overlay = page.getByTestId('registration-overlay')
    await overlay.waitFor()
    const field = page.getByTestId('registration-code')
    expect(await field.inputValue()).toBe(E2E_MANAGER)
    // The overlay covers the app: the menu cannot be reached.
    await expect(page.getByTestId('menu-button').click({ timeout: 1_000 })).rejects.toThrow()

    const submit = async () => {
      await page.getByTestId('registration-submit').click()
      const error = page.getByTestId('registration-error')
      await error.waitFor()
      return error.textContent()
    }
    expect(await submit()).toBe('The referral address is not registered: enter a valid one.')
    await field.fill(account.toLowerCase())
    expect(await submit()).toBe('The referral address cannot be your own direct referral.')
    await field.fill('')
    expect(await submit()).toBe('Without a referral address, please revisit through an invitation link.')
    await field.fill('abc')
    expect(await submit()).toBe(
      'This is not a wallet address: a referral address is 0x followed by 40 hexadecimal digits.',
    )
    expect(await overlay.isVisible()).toBe(true)
    expect(await isRegistered(rpcUrl, account)).toBe(false)
    await context.close()
  })

  it('registers with the code of the invitation link, shows AWAITING and a toast, then closes', async () => {
    const account = await firstUnregistered(rpcUrl, E2E_NEWCOMERS)
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account,
      path: `/?code=${E2E_VISITOR}`,
    })
    await page.getByTestId('registration-overlay').waitFor()
    expect(await page.getByTestId('registration-code').inputValue()).toBe(E2E_VISITOR)
    const awaitingSeen = await watchAwaiting(page)
    await page.getByTestId('registration-submit').click()
    const toast = page.getByRole('status').filter({ hasText: '註冊成功' })
    await toast.waitFor()
    await page.getByTestId('registration-overlay').waitFor({ state: 'detached' })
    expect(await awaitingSeen()).toBe(true)
    expect(await page.getByRole('alertdialog', { name: 'AWAITING' }).count()).toBe(0)
    expect(await isRegistered(rpcUrl, account)).toBe(true)
    // Success toasts last 2 s.
    await toast.waitFor({ state: 'detached', timeout: 3_000 })
    // The menu is usable again.
    await page.getByTestId('menu-button').click()
    await page.getByTestId('side-menu').getByRole('link').first().waitFor()
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('never shows the overlay to managers or to registered accounts', async () => {
    for (const account of [E2E_OWNER, E2E_MANAGER, E2E_VISITOR]) {
      const { page, context } = await openConnected(browser, baseUrl, { rpcUrl, account, path: '/team' })
      // The session has read the account's registration.
      await page
        .locator(`[data-testid="session"][data-account="${account}"]:not([data-registered="undefined"])`)
        .waitFor({ state: 'attached' })
      expect(await page.getByTestId('registration-overlay').count(), account).toBe(0)
      await context.close()
    }
  })
})
