import { burnAbi } from '@nexus/abi'
import { erc20Abi, parseEther } from 'viem'
import type { Address } from 'viem'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { E2E_OTHER, E2E_WATCHER } from './lib/accounts.ts'
import { openPage, waitForPage } from './lib/browser.ts'
import { balanceOf, chainClients, contract, prepareTestAccount, send } from './lib/chain.ts'
import { sentCount } from './lib/oneTransaction.ts'
import { waitForWallet } from './lib/session.ts'
import { ownerWrite } from './lib/web4Admin.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// A user whose wallet has approved nothing yet burns USDT on /burn (Burn must be allowed to spend the USDT first),
// with the development wallet of the test build: once as a wallet that batches calls (EIP-5792), once with its
// batching switched off. Both accounts are node accounts of the development wallet (its picker offers only those).
const BATCHING = E2E_OTHER
const STEPPING = E2E_WATCHER
const browser = useBrowser()

beforeAll(async () => {
  for (const account of [BATCHING, STEPPING]) await prepareTestAccount(rpcUrl, account, { usdt: parseEther('1000') })
})

/** Withdraws `account`'s approval of USDT to Burn on chain: to Burn, the wallet is a new user's. */
async function approveNothing(account: Address) {
  const { wallet } = chainClients(rpcUrl)
  await send(rpcUrl, () =>
    wallet.writeContract({
      account,
      chain: null,
      address: contract('USDT'),
      abi: erc20Abi,
      functionName: 'approve',
      args: [contract('Burn'), 0n],
    }),
  )
}

const allowance = (account: Address) =>
  chainClients(rpcUrl).public.readContract({
    address: contract('USDT'),
    abi: erc20Abi,
    functionName: 'allowance',
    args: [account, contract('Burn')],
  })

const orders = async (account: Address) =>
  (
    await chainClients(rpcUrl).public.readContract({
      address: contract('Burn'),
      abi: burnAbi,
      functionName: 'users',
      args: [account],
    })
  ).orders

/** What the development wallet asked its user to confirm since the last call (session-storage log). */
async function takePrompts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const prompts = JSON.parse(sessionStorage.getItem('devWallet.prompts') ?? '[]') as string[]
    sessionStorage.removeItem('devWallet.prompts')
    return prompts
  })
}

/** Records every text the AWAITING overlay shows under its label from now on (a step can be short). */
async function recordSteps(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { __steps: string[] }).__steps = seen
    const note = () => {
      const text = document.querySelector('[data-testid="awaiting-detail"]')?.textContent
      if (text && seen.at(-1) !== text) seen.push(text)
    }
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  return () => page.evaluate(() => [...(window as unknown as { __steps: string[] }).__steps])
}

/** /burn in `lang` with the development wallet on `account` (`batch`: its EIP-5792 switch), connected. */
async function openBurn(account: Address, lang: 'en' | 'zh-Hant', batch: boolean) {
  const opened = await openPage(browser, {
    storage: { lang, 'devWallet.account': account, ...(batch ? {} : { 'devWallet.batch': 'off' }) },
  })
  const { page } = opened
  await page.goto(`${baseUrl}/burn`)
  await waitForPage(page, '/burn')
  await page.getByTestId('wallet-button').click()
  await waitForWallet(page, account)
  await page.locator('[data-testid="session"][data-registered="true"]').waitFor({ state: 'attached', timeout: 15_000 })
  await takePrompts(page)
  return opened
}

describe('the approval a write needs', () => {
  it('is signed with the action in one confirmation when the wallet batches calls', async () => {
    await approveNothing(BATCHING)
    const [sent, ordersBefore, usdtBefore] = [
      await sentCount(rpcUrl, BATCHING),
      await orders(BATCHING),
      await balanceOf(rpcUrl, contract('USDT'), BATCHING),
    ]
    const { page, problems, context } = await openBurn(BATCHING, 'en', true)
    const steps = await recordSteps(page)
    await page.getByTestId('burn-times').fill('1')
    await page.getByTestId('burn-submit').click()
    await page.getByRole('status').filter({ hasText: 'Burned' }).first().waitFor({ timeout: 30_000 })

    // One prompt, one wallet_sendCalls: the approval and the burn, both mined.
    expect(await takePrompts(page)).toEqual(['wallet_sendCalls'])
    expect(await sentCount(rpcUrl, BATCHING)).toBe(sent + 2)
    expect(await allowance(BATCHING)).toBeGreaterThan(10n ** 36n)
    expect(await orders(BATCHING)).toBe(ordersBefore + 1n)
    expect(usdtBefore - (await balanceOf(rpcUrl, contract('USDT'), BATCHING))).toBe(parseEther('100'))
    // No numbered steps: there was one confirmation.
    expect(await steps()).toEqual([])

    // Approved now: the next burn is the action alone, still one prompt.
    await page.getByRole('status').filter({ hasText: 'Burned' }).first().waitFor({ state: 'detached', timeout: 10_000 })
    await page.getByTestId('burn-submit').click()
    await page.getByRole('status').filter({ hasText: 'Burned' }).first().waitFor({ timeout: 30_000 })
    expect(await takePrompts(page)).toEqual(['eth_sendTransaction'])
    expect(await orders(BATCHING)).toBe(ordersBefore + 2n)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('is step 1 of 2 of the same action when the wallet does not batch calls, in the language of the page', async () => {
    await approveNothing(STEPPING)
    const [sent, ordersBefore] = [await sentCount(rpcUrl, STEPPING), await orders(STEPPING)]
    const { page, problems, context } = await openBurn(STEPPING, 'zh-Hant', false)
    const steps = await recordSteps(page)
    await page.getByTestId('burn-times').fill('1')
    await page.getByTestId('burn-submit').click()
    await page.getByRole('status').filter({ hasText: '已燃燒' }).first().waitFor({ timeout: 30_000 })

    expect(await steps()).toEqual(['步驟 1/2：授權 USDT', '步驟 2/2：燃燒'])
    expect(await takePrompts(page)).toEqual(['eth_sendTransaction', 'eth_sendTransaction'])
    expect(await sentCount(rpcUrl, STEPPING)).toBe(sent + 2)
    expect(await allowance(STEPPING)).toBeGreaterThan(10n ** 36n)
    expect(await orders(STEPPING)).toBe(ordersBefore + 1n)
    await page.getByRole('alertdialog', { name: /等待|AWAITING/ }).waitFor({ state: 'detached', timeout: 10_000 })
    expect(await page.getByTestId('awaiting-detail').count()).toBe(0)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('is refused with the action before the wallet is asked when the chain would refuse the action', async () => {
    await approveNothing(BATCHING)
    const sent = await sentCount(rpcUrl, BATCHING)
    const { page, problems, context } = await openBurn(BATCHING, 'zh-Hant', true)
    // Paused: the page's own checks pass, only the contract refuses the burn (with the approval granted or not).
    await ownerWrite(rpcUrl, { address: contract('Burn'), abi: burnAbi, functionName: 'pause', args: [] })
    try {
      await page.getByTestId('burn-times').fill('1')
      await page.getByTestId('burn-submit').click()
      // OpenZeppelin's EnforcedPause, in the SDK's zh-Hant text, from the simulation of the batch
      await page
        .getByRole('alert')
        .filter({ hasText: '此功能暫停中：新的存入暫時不開放，已欠您的款項仍可領取。' })
        .first()
        .waitFor({ timeout: 15_000 })
      expect(await takePrompts(page)).toEqual([])
      expect(await sentCount(rpcUrl, BATCHING)).toBe(sent)
      expect(await allowance(BATCHING)).toBe(0n)
      expect(await page.getByTestId('burn-times').inputValue()).toBe('1')
      expect(problems.list).toEqual([])
    } finally {
      await ownerWrite(rpcUrl, { address: contract('Burn'), abi: burnAbi, functionName: 'unpause', args: [] })
      await context.close()
    }
  })
})
