import { join } from 'node:path'
import { miningAbi } from '@nexus/abi'
import { erc20Abi, formatEther, parseEther } from 'viem'
import type { Abi } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { saveScreenshot, SCREENSHOT_DIR, VIEWPORTS, waitForPage } from './lib/browser.ts'
import type { ViewportName } from './lib/browser.ts'
import { balanceOf, chainClients, contract, prepareTestAccount } from './lib/chain.ts'
import { shortAddress } from './lib/format.ts'
import { openConnected } from './lib/session.ts'
import { switchLanguage } from './lib/shell.ts'
import {
  allowanceOf,
  figure,
  moveChainTimeTo,
  must,
  POOL_ACCOUNT,
  refused,
  transact,
  writeAs,
} from './lib/web3Pools.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// This file may move the shared chain's clock: only to the end of its 7-day tier stake (7 local days of 600 s).
const MINER = POOL_ACCOUNT(123)
/** Invited by MINER; mines too (team page). */
const INVITEE = POOL_ACCOUNT(124)
const browser = useBrowser()

type StakeRecord = { index: bigint; tier: bigint; endTime: bigint; status: bigint }
const stakesOf = async (account: `0x${string}`) =>
  (
    (await chainClients(rpcUrl).public.readContract({
      address: contract('Mining'),
      abi: miningAbi as Abi,
      functionName: 'getUserStakes',
      args: [account, 0n, 50n],
    })) as [StakeRecord[], bigint]
  )[0]

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, MINER, { nex: parseEther('2000') })
  await prepareTestAccount(rpcUrl, INVITEE, { referrer: MINER, nex: parseEther('500') })
})

describe('mining', () => {
  it('stakes NEX in each of the six tiers (approving first) within the allowed range', async () => {
    const Mining = contract('Mining')
    const Token = contract('Token')
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: MINER,
      path: '/mining',
      storage: { lang: 'en' },
    })
    await expect
      .poll(() => page.getByTestId('mining-range').textContent())
      .toMatch(/^Allowed range: 100 to [\d,.]+ NEX$/)
    expect(await figure(page, 'mint-day')).toBe(10_000)
    // What is left of the emission budget, as the contract has it now (it shrinks every second).
    const { mintSurplus } = (await chainClients(rpcUrl).public.readContract({
      address: Mining,
      abi: miningAbi as Abi,
      functionName: 'getConfig',
    })) as { mintSurplus: bigint }
    expect(await figure(page, 'mint-surplus')).toBeCloseTo(Number(formatEther(mintSurplus)), -3)
    const tiers = await page.locator('[data-testid^="mining-tier-"]').allTextContents()
    expect(tiers).toHaveLength(6)
    expect(tiers[0]).toMatch(/^7 daysForce 1×Returned 100%Staked [\d,.]+ NEX$/)
    expect(tiers[5]).toMatch(/^180 daysForce 3×/)

    await page.getByTestId('mining-amount').fill('50')
    await refused(page, page.getByTestId('mining-submit'), 'Below the minimum')

    const approved = await allowanceOf(rpcUrl, Token, MINER, Mining)
    expect(approved === 0n || approved > 10n ** 36n).toBe(true)
    const before = (await stakesOf(MINER)).length
    for (const tier of [0, 1, 2, 3, 4, 5]) {
      const nex = await balanceOf(rpcUrl, Token, MINER)
      await page.getByTestId(`mining-tier-${tier}`).click()
      await page.getByTestId('mining-amount').fill('100')
      await transact(page, 'mining-submit', 'Staked')
      expect(nex - (await balanceOf(rpcUrl, Token, MINER))).toBe(parseEther('100'))
    }
    expect(await allowanceOf(rpcUrl, Token, MINER, Mining)).toBeGreaterThan(10n ** 36n)
    const stakes = await stakesOf(MINER)
    expect(stakes.length - before).toBe(6)
    expect(new Set(stakes.slice(0, 6).map((stake) => stake.tier))).toEqual(new Set([0n, 1n, 2n, 3n, 4n, 5n]))

    // Own stakes: force, six locked stakes; releasing one before its end is refused with its message.
    await page.getByRole('link', { name: 'My mining' }).first().click()
    await waitForPage(page, '/miningMine')
    await expect.poll(() => figure(page, 'force-own'), { timeout: 10_000 }).toBeGreaterThan(600)
    const shortest = must(
      stakes.find((stake) => stake.tier === 0n),
      'the 7-day stake',
    )
    const item = page.getByTestId(`mining-stake-${shortest.index}`)
    await item.locator('[data-testid="record-state"][data-state="locked"]').waitFor({ timeout: 10_000 })
    expect(
      await page.getByTestId('mining-stake-list').locator('[data-testid="record-state"][data-state="locked"]').count(),
    ).toBeGreaterThanOrEqual(6)
    await refused(page, item.getByTestId('mining-release'), 'This stake is locked until')
    expect((await stakesOf(MINER)).find((stake) => stake.index === shortest.index)?.status).toBe(1n)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('releases the 7-day stake after its lock and claims the mined NEX', async () => {
    const Token = contract('Token')
    const shortest = must(
      (await stakesOf(MINER)).find((stake) => stake.tier === 0n && stake.status !== 3n),
      'the 7-day stake',
    )
    await moveChainTimeTo(rpcUrl, shortest.endTime + 5n)
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: MINER,
      path: '/miningMine',
      storage: { lang: 'en' },
    })
    const item = page.getByTestId(`mining-stake-${shortest.index}`)
    await item.locator('[data-testid="record-state"][data-state="unlocked"]').waitFor({ timeout: 10_000 })
    const before = await balanceOf(rpcUrl, Token, MINER)
    await transact(page, item.getByTestId('mining-release'), 'Released')
    // The tier returns 100 % of the stake (stakeRates), less any token transfer fee.
    expect(await balanceOf(rpcUrl, Token, MINER)).toBeGreaterThan(before)
    await item.locator('[data-testid="record-state"][data-state="completed"]').waitFor({ timeout: 10_000 })

    await expect.poll(() => figure(page, 'mining-balance'), { timeout: 10_000 }).toBeGreaterThan(0)
    const beforeClaim = await balanceOf(rpcUrl, Token, MINER)
    await transact(page, 'mining-claim', 'Claimed')
    expect(await balanceOf(rpcUrl, Token, MINER)).toBeGreaterThan(beforeClaim)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('shows the team: the invitee that mines and the force it brings', async () => {
    const Mining = contract('Mining')
    await writeAs(rpcUrl, INVITEE, {
      address: contract('Token'),
      abi: erc20Abi,
      functionName: 'approve',
      args: [Mining, parseEther('500')],
    })
    await writeAs(rpcUrl, INVITEE, {
      address: Mining,
      abi: miningAbi as Abi,
      functionName: 'deposit',
      args: [2n, parseEther('200')],
    })
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: MINER,
      path: '/miningTeam',
      storage: { lang: 'en' },
    })
    const invitee = page
      .getByTestId('mining-invites')
      .getByTestId('mining-invitee')
      .filter({ hasText: shortAddress(INVITEE) })
    await invitee.waitFor({ timeout: 10_000 })
    expect(await invitee.textContent()).toMatch(/NEX staked[1-9][\d,.]*Force[1-9]/)
    // 10 % of the invitee's force (200 NEX × 1.25) goes to its direct referrer.
    await expect.poll(() => figure(page, 'force-direct'), { timeout: 10_000 }).toBeGreaterThanOrEqual(25)
    expect(await page.getByTestId('mining-indirects-list').getAttribute('data-state')).toBe('empty')
    expect(problems.list).toEqual([])
    await context.close()
  })

  for (const locale of ['zh-Hant', 'en'] as const) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      it(`reads in ${locale} at ${viewport} size, with screenshots of the mining pages`, async () => {
        const { page, problems, context } = await openConnected(browser, baseUrl, {
          rpcUrl,
          account: MINER,
          path: '/mining',
          viewport,
          storage: { lang: locale },
        })
        const dir = join(SCREENSHOT_DIR, locale, 'states')
        for (const path of ['/mining', '/miningMine', '/miningTeam']) {
          await page.goto(`${baseUrl}${path}`)
          await waitForPage(page, path)
          await page.locator('.app-stat dd').filter({ hasText: /\d/ }).first().waitFor({ timeout: 10_000 })
          // The lists that depend on other reads have arrived too.
          await expect.poll(() => page.locator('[data-state="loading"]').count(), { timeout: 10_000 }).toBe(0)
          await saveScreenshot(page, join(dir, `${path.slice(1)}-connected-${viewport}.png`))
        }
        await page.goto(`${baseUrl}/mining`)
        await waitForPage(page, '/mining')
        const title = page.getByTestId('mining-tiers').locator('h2')
        expect(await title.textContent()).toBe(locale === 'en' ? 'Mining tiers' : '挖礦檔位')
        await switchLanguage(page, locale === 'en' ? 'zh-Hant' : 'en')
        expect(await title.textContent()).toBe(locale === 'en' ? '挖礦檔位' : 'Mining tiers')
        expect(problems.list).toEqual([])
        await context.close()
      })
    }
  }
})
