import { doubleAbi } from '@nexus/abi'
import type { Page } from 'playwright-core'
import { erc20Abi, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { waitForPage } from './lib/browser.ts'
import { contract, hdAccount, prepareTestAccount } from './lib/chain.ts'
import { sentCount } from './lib/oneTransaction.ts'
import { openConnected } from './lib/session.ts'
import { ownerWrite, readChain } from './lib/web4Admin.ts'
import { allowanceOf, refused, transact, writeAs } from './lib/web3Pools.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// Issue 23: the direct doubling deposit (Double.deposit on /fomoMine and /superFomMine) checks the contract's bound
// per deposit, a closed or paused pool and the balance before sending, in the user's language, and approves USDT
// first whenever the allowance does not cover the deposit (not only when it is at most the SDK's 1 USDT threshold).

/** A depositor of this file's own (HD 159, the admin screens' range). */
const DEPOSITOR = hdAccount(159)
const browser = useBrowser()

/**
 * Waits until the page has read the doubling pool's figures (the first read comes 1 s after the page opens, later on
 * a loaded machine): the refusals below come from them (the balance, the paused flag, read in the same multicall as
 * the claimable amount shown); clicked earlier, the form has none of them yet and leaves the refusal to the chain.
 */
const figuresRead = (page: Page) =>
  page.getByTestId('double-balance').locator('dd').filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 })

const totalDeposited = async () =>
  (
    await readChain<readonly [{ total: bigint }, unknown]>(rpcUrl, contract('Double'), doubleAbi, 'getUserInfo', [
      DEPOSITOR,
    ])
  )[0].total

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, DEPOSITOR, { usdt: parseEther('100') })
  // an allowance above the SDK's threshold (1 USDT) but below the deposit below: approved again by the flow
  await writeAs(rpcUrl, DEPOSITOR, {
    address: contract('USDT'),
    abi: erc20Abi,
    functionName: 'approve',
    args: [contract('Double'), parseEther('5')],
  })
})

describe('the direct doubling deposit', () => {
  it('/fomoMine: approves first when the allowance does not cover the deposit, then deposits; a covered one is one transaction', async () => {
    const usdt = contract('USDT')
    const double = contract('Double')
    const before = await totalDeposited()
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: DEPOSITOR,
      path: '/fomoMine',
      storage: { lang: 'en' },
    })
    try {
      expect(await page.getByTestId('double-bounds').textContent()).toBe('At most 10,000,000,000 USDT per deposit.')
      await page.getByTestId('double-amount').fill('10')
      const approval = page.getByTestId('double-approval')
      await approval.and(page.locator('[data-needed="true"]')).waitFor({ timeout: 15_000 })
      expect(await approval.textContent()).toContain('first approves USDT for the doubling pool')
      let nonce = await sentCount(rpcUrl, DEPOSITOR)
      await transact(page, 'double-submit', 'Deposited')
      // the approval, then the deposit
      expect(await sentCount(rpcUrl, DEPOSITOR)).toBe(nonce + 2)
      expect(await allowanceOf(rpcUrl, usdt, DEPOSITOR, double)).toBe(10n ** 38n - parseEther('10'))
      expect((await totalDeposited()) - before).toBe(parseEther('10'))

      await page.getByTestId('double-amount').fill('5')
      await approval.and(page.locator('[data-needed="false"]')).waitFor({ timeout: 15_000 })
      nonce = await sentCount(rpcUrl, DEPOSITOR)
      await transact(page, 'double-submit', 'Deposited')
      expect(await sentCount(rpcUrl, DEPOSITOR)).toBe(nonce + 1)
      expect((await totalDeposited()) - before).toBe(parseEther('15'))
    } finally {
      await context.close()
    }
  })

  it('/superFomMine: refuses nothing, more than the contract’s bound, more than the balance and a paused pool, in Traditional Chinese, sending nothing', async () => {
    const double = contract('Double')
    const before = await totalDeposited()
    const nonce = await sentCount(rpcUrl, DEPOSITOR)
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: DEPOSITOR,
      path: '/superFomMine',
    })
    try {
      await figuresRead(page)
      const submit = page.getByTestId('double-submit')
      expect(await page.getByTestId('double-bounds').textContent()).toBe('每次存入最多 10,000,000,000 USDT。')
      for (const [amount, message] of [
        ['0', '數量必須大於 0'],
        ['10000000001', '超過最大值'],
        ['1000', '餘額不足'],
      ] as const) {
        await page.getByTestId('double-amount').fill(amount)
        await refused(page, submit, message)
      }
      // paused by the owner: refused before anything is sent, with its reason
      await ownerWrite(rpcUrl, { address: double, abi: doubleAbi, functionName: 'pause', args: [] })
      await page.reload()
      await waitForPage(page, '/superFomMine')
      await figuresRead(page)
      await page.getByTestId('double-amount').fill('1')
      await refused(page, submit, '翻倍池已暫停：目前停止存入。')
    } finally {
      await context.close()
      if (await readChain<boolean>(rpcUrl, double, doubleAbi, 'paused')) {
        await ownerWrite(rpcUrl, { address: double, abi: doubleAbi, functionName: 'unpause', args: [] })
      }
    }
    expect(await sentCount(rpcUrl, DEPOSITOR)).toBe(nonce)
    expect(await totalDeposited()).toBe(before)
  })
})
