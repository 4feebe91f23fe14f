import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { mainAbi } from '@nexus/abi'
import { E2E_VISITOR } from './lib/accounts.ts'
import { chainClients, contract } from './lib/chain.ts'
import { switchLanguage } from './lib/shell.ts'
import { openConnected } from './lib/session.ts'
import { web2Stat } from './lib/web2Flow.ts'
import { baseUrl, legacyUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const browser = useBrowser()

/** One call of the legacy API from outside the page, the way the app makes it. */
async function legacy(route: string, token: string | null, fields: Record<string, string> = {}) {
  const response = await fetch(new URL(`/api/api/invest/${route}`, legacyUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en', ...(token ? { token } : {}) },
    body: new URLSearchParams(fields),
  })
  return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> | null }
}

const personalSigns = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __e2eWallet: { calls: { method: string }[] } }).__e2eWallet.calls.filter(
        (call) => call.method === 'personal_sign',
      ).length,
  )
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('loginToken'))
const panelState = (page: Page, card: string) =>
  page.locator(`[data-testid="${card}"] [data-testid="sign-in-panel"]`).getAttribute('data-state')

describe('sign-in with the wallet (SIWE, the legacy API login)', () => {
  it('signs in once, uses the token for team info and the wallet log, asks again on 4700, signs out', async () => {
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: E2E_VISITOR,
      path: '/team',
      storage: { lang: 'en' },
    })
    const card = page.getByTestId('legacy-team')
    await expect.poll(() => panelState(page, 'legacy-team'), { timeout: 20_000 }).toBe('signed-out')
    expect(await storedToken(page)).toBeNull()

    // Sign in: one personal_sign of an EIP-4361 message for this site, no transaction.
    await card.getByTestId('sign-in').click()
    await expect.poll(() => panelState(page, 'legacy-team'), { timeout: 20_000 }).toBe('signed-in')
    const token = await storedToken(page)
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    const calls = await page.evaluate(
      () =>
        (window as unknown as { __e2eWallet: { calls: { method: string; params: unknown[] }[] } }).__e2eWallet.calls,
    )
    const signs = calls.filter((call) => call.method === 'personal_sign')
    expect(signs).toHaveLength(1)
    expect(calls.some((call) => call.method === 'eth_sendTransaction')).toBe(false)
    const message = Buffer.from(String(signs[0]?.params[0]).slice(2), 'hex').toString('utf8')
    expect(message).toContain(`${new URL(baseUrl).host} wants you to sign in with your Ethereum account:`)
    expect(message).toContain(E2E_VISITOR)
    expect(message).toContain('Chain ID: 31337')

    // The server knows the token: its team figures are this wallet's, the same tree the indexer shows.
    const info = await legacy('teamInfo', token)
    expect(info.code).toBe(0)
    expect(String(info.data?.address).toLowerCase()).toBe(E2E_VISITOR.toLowerCase())
    await expect.poll(() => web2Stat(page, 'legacy-size'), { timeout: 20_000 }).toBe(String(info.data?.teamCount))
    expect(await web2Stat(page, 'legacy-direct')).toBe(String(info.data?.directCount))

    // Another screen uses the same login (no second signature); the server's 4800 message shows as it is sent,
    // in the interface's language.
    await page.goto(`${baseUrl}/mine?view=log`)
    const log = page.getByTestId('wallet-log')
    await expect.poll(() => panelState(page, 'wallet-log'), { timeout: 20_000 }).toBe('signed-in')
    await expect
      .poll(() => log.getByTestId('legacy-error').textContent(), { timeout: 20_000 })
      .toBe('Please register first')
    await switchLanguage(page, 'zh-Hant')
    await expect.poll(() => log.getByTestId('legacy-error').textContent(), { timeout: 20_000 }).toBe('请先注册')

    // The wallet is registered on chain: the page offers its server account in one step, with its referrer on
    // chain, and the wallet log opens (no signature, no transaction).
    const [, referrer] = await chainClients(rpcUrl).public.readContract({
      address: contract('Main'),
      abi: mainAbi,
      functionName: 'users',
      args: [E2E_VISITOR],
    })
    const signsBefore = await personalSigns(page)
    await log.getByTestId('open-server-account-button').click({ timeout: 20_000 })
    await log.getByTestId('wallet-log-end').waitFor({ timeout: 20_000 })
    expect(await log.getByTestId('legacy-error').count()).toBe(0)
    expect(await log.getByTestId('open-server-account').count()).toBe(0)
    const mine = await legacy('my', token)
    expect(mine.code).toBe(0)
    expect(String(mine.data?.recommender).toLowerCase()).toBe(referrer.toLowerCase())
    expect(await personalSigns(page)).toBe(signsBefore)

    // The server ends the session (4700): the page forgets the token and asks to sign in again.
    expect((await legacy('logout', token)).code).toBe(0)
    await page.goto(`${baseUrl}/team`)
    await expect.poll(() => panelState(page, 'legacy-team'), { timeout: 30_000 }).toBe('signed-out')
    expect(await card.getByTestId('sign-in-panel').textContent()).toContain('您的登入已失效：請重新登入。')
    expect(await storedToken(page)).toBeNull()

    // Signing in again, then out: the token is revoked on the server and forgotten here.
    await card.getByTestId('sign-in').click()
    await expect.poll(() => panelState(page, 'legacy-team'), { timeout: 20_000 }).toBe('signed-in')
    const second = await storedToken(page)
    expect(second).toMatch(/^[0-9a-f]{64}$/)
    expect(second).not.toBe(token)
    await page.reload()
    await expect.poll(() => panelState(page, 'legacy-team'), { timeout: 20_000 }).toBe('signed-in')
    await card.getByTestId('sign-out').click()
    await expect.poll(() => panelState(page, 'legacy-team'), { timeout: 20_000 }).toBe('signed-out')
    expect(await storedToken(page)).toBeNull()
    await expect.poll(async () => (await legacy('teamInfo', second)).code, { timeout: 10_000 }).toBe(4700)
    await context.close()
  })
})
