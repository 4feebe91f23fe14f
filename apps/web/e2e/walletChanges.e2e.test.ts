import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { E2E_OTHER, E2E_OWNER, E2E_VISITOR, E2E_WATCHER } from './lib/accounts.ts'
import { openPage, waitForPage } from './lib/browser.ts'
import { shortAddress } from './lib/format.ts'
import { injectedWalletScript } from './lib/injectedWallet.ts'
import { openConnected, waitForWallet } from './lib/session.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

const navigations = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('navigation').length + ':' + performance.timeOrigin)

describe('wallet changes', () => {
  it('clears the login token and reloads when the account changes', async () => {
    const { page, context } = await openConnected(browser, baseUrl, { rpcUrl, account: E2E_VISITOR, path: '/mine' })
    await page.evaluate(() => localStorage.setItem('loginToken', 'token-of-the-first-account'))
    const before = await navigations(page)
    await page.evaluate(
      (next) =>
        (window as unknown as { __e2eWallet: { setAccounts(a: string[]): void } }).__e2eWallet.setAccounts([next]),
      E2E_OTHER,
    )
    await expect.poll(() => navigations(page).catch(() => before), { timeout: 10_000 }).not.toBe(before)
    await waitForPage(page, '/mine')
    await waitForWallet(page, E2E_OTHER)
    expect(await page.evaluate(() => localStorage.getItem('loginToken'))).toBeNull()
    await context.close()
  })

  it('prompts to switch a wallet on the wrong network, and reloads when the chain changes', async () => {
    const { page, context } = await openPage(browser, {
      storage: { lang: 'en' },
      initScripts: [injectedWalletScript({ accounts: [E2E_VISITOR], chainId: 31337, startChainId: 56, rpcUrl })],
    })
    await page.goto(`${baseUrl}/swap`)
    await waitForPage(page, '/swap')
    await page.getByTestId('wallet-button').click()
    const prompt = page.getByTestId('wrong-network')
    await prompt.waitFor()
    expect(await prompt.textContent()).toContain('Switch to Localhost 8545')
    const before = await navigations(page)
    await page.getByTestId('switch-network').click()
    await expect.poll(() => navigations(page).catch(() => before), { timeout: 10_000 }).not.toBe(before)
    await waitForPage(page, '/swap')
    await waitForWallet(page, E2E_VISITOR)
    expect(await prompt.count()).toBe(0)
    const calls = await page.evaluate(() =>
      (window as unknown as { __e2eWallet: { calls: { method: string }[] } }).__e2eWallet.calls.map((c) => c.method),
    )
    // After the reload the wallet is on the right chain and nobody asks again.
    expect(calls).not.toContain('wallet_switchEthereumChain')
    await context.close()
  })

  it('refuses observation (watch-only) wallets with a message', async () => {
    const { page, context } = await openPage(browser, {
      storage: { lang: 'en' },
      initScripts: [injectedWalletScript({ accounts: [E2E_WATCHER], chainId: 31337, rpcUrl, watchOnly: true })],
    })
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    await page.getByTestId('wallet-button').click()
    await page.getByRole('alert').filter({ hasText: 'Observation (read-only) wallets are not supported' }).waitFor()
    expect(await page.getByTestId('wallet-button').textContent()).toBe('UNCONNECT')
    await context.close()
  })

  it('uses the development wallet without an extension and switches its account', async () => {
    const { page, problems, context } = await openPage(browser, { storage: { lang: 'en' } })
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    await page.getByTestId('wallet-button').click()
    // The first test account is the deployer: owner of Main, so a manager.
    await waitForWallet(page, E2E_OWNER)
    await page.getByTestId('menu-button').click()
    await page.getByTestId('admin-menu').waitFor()
    const picker = page.getByTestId('dev-wallet').locator('select')
    await picker.waitFor()
    expect(await picker.locator('option').count()).toBeGreaterThanOrEqual(10)
    await picker.selectOption(E2E_VISITOR)
    await waitForWallet(page, E2E_VISITOR)
    expect(await page.getByTestId('wallet-button').textContent()).toBe(shortAddress(E2E_VISITOR))
    await page.getByTestId('menu-button').click()
    await page.getByTestId('side-menu').getByRole('link').first().waitFor()
    expect(await page.getByTestId('admin-menu').count()).toBe(0)
    expect(problems.list).toEqual([])
    await context.close()
  })
})
