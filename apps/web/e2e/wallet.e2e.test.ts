import { describe, expect, it } from 'vitest'
import { E2E_MANAGER, E2E_VISITOR } from './lib/accounts.ts'
import { openPage, waitForPage } from './lib/browser.ts'
import { injectedWalletScript } from './lib/injectedWallet.ts'
import { baseUrl, prodUrl, useBrowser } from './lib/fixture.ts'

/** The production build: it has no development wallet, so "no wallet installed" is reachable there. */
const CHAIN_ID = 31337
const browser = useBrowser()

describe('wallet', () => {
  it('says to install a wallet when there is none (SPEC.md §8)', async () => {
    const { page, context } = await openPage(browser)
    await page.goto(`${prodUrl}/`)
    await waitForPage(page, '/')
    await page.getByTestId('wallet-button').click()
    const toast = page.getByRole('alert').filter({ hasText: '未偵測到錢包' })
    await toast.waitFor()
    expect(await toast.textContent()).toContain('MetaMask')
    // Error toasts stay 4 s.
    await page.waitForTimeout(3000)
    expect(await toast.isVisible()).toBe(true)
    await toast.waitFor({ state: 'detached', timeout: 3000 })
    await context.close()
  })

  it('connects an EIP-6963 wallet, shows the short address and the admin entries to a manager', async () => {
    const { page, problems, context } = await openPage(browser, {
      initScripts: [injectedWalletScript({ accounts: [E2E_MANAGER], chainId: CHAIN_ID })],
    })
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    await page.getByTestId('wallet-button').click()
    await expect.poll(() => page.getByTestId('wallet-button').textContent()).toBe('0x709..79C8')

    await page.getByTestId('menu-button').click()
    const admin = page.getByTestId('admin-menu')
    await admin.waitFor()
    expect(await admin.getByRole('link').allTextContents()).toEqual([
      'NFT 管理',
      '超級 FOM 管理',
      'FOM 管理',
      '挖礦管理',
    ])
    await admin.getByRole('link', { name: 'FOM 管理', exact: true }).click()
    await waitForPage(page, '/managerFom')

    // The connection survives a reload.
    await page.reload()
    await waitForPage(page, '/managerFom')
    await expect.poll(() => page.getByTestId('wallet-button').textContent()).toBe('0x709..79C8')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('hides the admin entries from other accounts', async () => {
    const { page, context } = await openPage(browser, {
      initScripts: [injectedWalletScript({ accounts: [E2E_VISITOR], chainId: CHAIN_ID })],
    })
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    await page.getByTestId('wallet-button').click()
    await expect.poll(() => page.getByTestId('wallet-button').textContent()).toBe('0x3C4..93BC')
    await page.getByTestId('menu-button').click()
    await page.getByTestId('side-menu').getByRole('link').first().waitFor()
    expect(await page.getByTestId('admin-menu').count()).toBe(0)
    await context.close()
  })

  it('reports a refused login', async () => {
    const { page, context } = await openPage(browser, {
      initScripts: [injectedWalletScript({ accounts: [E2E_VISITOR], chainId: CHAIN_ID, rejectConnect: true })],
    })
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    await page.getByTestId('wallet-button').click()
    await page.getByRole('alert').filter({ hasText: '您已拒絕使用錢包登入。' }).waitFor()
    expect(await page.getByTestId('wallet-button').textContent()).toBe('未連接')
    await context.close()
  })

  it('lets the user choose among several wallets, and disconnects after Confirm', async () => {
    const { page, problems, context } = await openPage(browser, {
      initScripts: [
        injectedWalletScript({
          accounts: [E2E_VISITOR],
          chainId: CHAIN_ID,
          name: 'Alpha Wallet',
          rdns: 'org.e2e.alpha',
        }),
        injectedWalletScript({ accounts: [E2E_MANAGER], chainId: CHAIN_ID, name: 'Beta Wallet', rdns: 'org.e2e.beta' }),
      ],
    })
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    await page.getByTestId('wallet-button').click()
    const picker = page.getByRole('dialog', { name: '選擇錢包' })
    await picker.waitFor()
    // The development wallet of the test build is offered beside the installed ones.
    expect(await picker.getByRole('button').allTextContents()).toEqual([
      '',
      'Development wallet',
      'Alpha Wallet',
      'Beta Wallet',
    ])
    await picker.getByRole('button', { name: 'Beta Wallet' }).click()
    await expect.poll(() => page.getByTestId('wallet-button').textContent()).toBe('0x709..79C8')

    await page.getByTestId('wallet-button').click()
    const dialog = page.getByRole('dialog', { name: '要斷開此錢包嗎？' })
    await dialog.getByRole('button', { name: '取消' }).click()
    expect(await page.getByTestId('wallet-button').textContent()).toBe('0x709..79C8')
    await page.getByTestId('wallet-button').click()
    await dialog.getByRole('button', { name: '確認' }).click()
    await expect.poll(() => page.getByTestId('wallet-button').textContent()).toBe('未連接')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('connects a wallet that only sets window.ethereum', async () => {
    const { page, context } = await openPage(browser, {
      initScripts: [
        injectedWalletScript({ accounts: [E2E_VISITOR], chainId: CHAIN_ID, legacy: true, announce: false }),
      ],
    })
    await page.goto(`${baseUrl}/`)
    await waitForPage(page, '/')
    await page.getByTestId('wallet-button').click()
    await expect.poll(() => page.getByTestId('wallet-button').textContent()).toBe('0x3C4..93BC')
    await context.close()
  })
})
