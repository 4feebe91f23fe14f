import { join } from 'node:path'
import { stakeAbi } from '@nexus/abi'
import { erc20Abi, formatEther, parseEther } from 'viem'
import type { Abi } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { saveScreenshot, SCREENSHOT_DIR, VIEWPORTS, waitForPage } from './lib/browser.ts'
import type { ViewportName } from './lib/browser.ts'
import { balanceOf, chainClients, contract, prepareTestAccount } from './lib/chain.ts'
import { openConnected } from './lib/session.ts'
import { switchLanguage } from './lib/shell.ts'
import { allowanceOf, figure, must, POOL_ACCOUNT, refused, transact, writeAs } from './lib/web3Pools.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const STAKER = POOL_ACCOUNT(125)
const browser = useBrowser()

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, STAKER, { usdt: parseEther('5000') })
})

describe('staking', () => {
  it('stakes USDT in the open round within the allowed range (approving first), then claims the first release', async () => {
    const Stake = contract('Stake')
    const USDT = contract('USDT')
    const Token = contract('Token')
    const read = <T>(functionName: string, args: readonly unknown[] = []) =>
      chainClients(rpcUrl).public.readContract({
        address: Stake,
        abi: stakeAbi as Abi,
        functionName,
        args,
      }) as Promise<T>
    const config = await read<{ round: bigint }>('getConfig')
    const idos = await read<{ idoMin: bigint; idoRate: bigint }[]>('getIdos')
    const current = must(idos[Number(config.round)], 'the open round')

    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: STAKER,
      path: '/stake',
      storage: { lang: 'en' },
    })
    await page.locator('[data-testid="stake-round-status"][data-status="open"]').waitFor({ timeout: 10_000 })
    const min = Number(current.idoMin / 10n ** 18n)
    // The field starts empty, and the preview describes what it holds: nothing yet, no example stake.
    expect(await page.getByTestId('stake-amount').inputValue()).toBe('')
    await page.locator('[data-testid="stake-schedule"][data-empty="true"]').waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('stake-schedule').textContent()).not.toMatch(/\d/)
    await expect
      .poll(() => page.getByTestId('stake-range').textContent())
      .toMatch(
        new RegExp(`^Allowed range: ${min.toLocaleString('en')} to [\\d,.]+ USDT \\(cap per account [\\d,.]+ USDT\\)$`),
      )
    expect(await page.getByTestId('reward-cap').locator('dd').textContent()).toBe(`${Number(current.idoRate) / 100}%`)
    // Every round is listed as a period with its reward cap.
    expect(await page.getByTestId('period-list').getByRole('listitem').count()).toBe(idos.length)

    // Outside the range: refused with the §5 messages before the wallet is asked.
    await page.getByTestId('stake-amount').fill(String(min / 2))
    await refused(page, page.getByTestId('stake-submit'), 'Below the minimum')
    await page.getByTestId('stake-amount').fill('4000000')
    await refused(page, page.getByTestId('stake-submit'), /Exceeds the maximum|Balance Insufficient/)

    const approved = await allowanceOf(rpcUrl, USDT, STAKER, Stake)
    expect(approved === 0n || approved > 10n ** 36n).toBe(true)
    const usdtBefore = await balanceOf(rpcUrl, USDT, STAKER)
    await page.getByTestId('stake-amount').fill(String(min))
    // Before signing: the release schedule of this stake, from the round's terms and the config.
    const schedule = page.getByTestId('stake-schedule')
    await expect
      .poll(() => schedule.locator('.app-subtitle').textContent())
      .toBe(`Release schedule of a stake of ${min.toLocaleString('en')} USDT`)
    const capText = (await schedule.getByTestId('schedule-cap').textContent()) ?? ''
    const cap = Number(must(/^Reward cap: ([\d,.]+) USDT/.exec(capText)?.[1], 'the reward cap').replace(/,/g, ''))
    expect(cap).toBeCloseTo((min * Number(current.idoRate)) / 10_000, 3)
    const terms = await read<{ releaseDay: bigint }>('getConfig')
    expect(await schedule.getByTestId('schedule-releases').textContent()).toContain(
      `then ${terms.releaseDay.toString()} releases of`,
    )
    await transact(page, 'stake-submit', 'Staked')
    const [, stakes] = await read<readonly [unknown, readonly { rewardMax: bigint }[]]>('getUserInfo', [STAKER])
    expect(Number(formatEther(must(stakes.at(-1), 'the new stake').rewardMax))).toBeCloseTo(cap, 3)
    expect(await allowanceOf(rpcUrl, USDT, STAKER, Stake)).toBeGreaterThan(10n ** 36n)
    expect(usdtBefore - (await balanceOf(rpcUrl, USDT, STAKER))).toBe(current.idoMin)

    // The new stake is locked; part of its reward is released at once and claimed.
    const record = page.getByTestId('stake-list').getByRole('listitem').first()
    await record.locator('[data-testid="record-state"][data-state="locked"]').waitFor({ timeout: 10_000 })
    await expect.poll(() => figure(page, 'staked'), { timeout: 10_000 }).toBeGreaterThanOrEqual(min)
    await expect.poll(() => figure(page, 'stake-balance'), { timeout: 10_000 }).toBeGreaterThan(0)
    const nexBefore = await balanceOf(rpcUrl, Token, STAKER)
    await transact(page, 'stake-claim', 'Claimed')
    expect(await balanceOf(rpcUrl, Token, STAKER)).toBeGreaterThan(nexBefore)
    await expect.poll(() => figure(page, 'stake-balance'), { timeout: 10_000 }).toBe(0)
    // Nothing left: the claim is refused without a transaction.
    await refused(page, page.getByTestId('stake-claim'), 'Nothing to claim yet')
    expect(problems.list).toEqual([])
    await context.close()
  })

  for (const locale of ['zh-Hant', 'en'] as const) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      it(`reads in ${locale} at ${viewport} size, with screenshots`, async () => {
        const { page, problems, context } = await openConnected(browser, baseUrl, {
          rpcUrl,
          account: STAKER,
          path: '/stake',
          viewport,
          storage: { lang: locale },
        })
        await page.getByTestId('stake-list').getByRole('listitem').first().waitFor({ timeout: 10_000 })
        await saveScreenshot(page, join(SCREENSHOT_DIR, locale, 'states', `stake-connected-${viewport}.png`))
        const title = page.getByTestId('stake-periods').locator('h2')
        expect(await title.textContent()).toBe(locale === 'en' ? 'Lock periods' : '鎖倉週期')
        await switchLanguage(page, locale === 'en' ? 'zh-Hant' : 'en')
        expect(await title.textContent()).toBe(locale === 'en' ? '鎖倉週期' : 'Lock periods')
        await waitForPage(page, '/stake')
        expect(problems.list).toEqual([])
        await context.close()
      })
    }
  }
})

describe('staking cap', () => {
  it('says that the per-account cap is reached, and what it is', async () => {
    const CAPPED = POOL_ACCOUNT(132)
    const Stake = contract('Stake')
    const config = await chainClients(rpcUrl).public.readContract({
      address: Stake,
      abi: stakeAbi,
      functionName: 'getConfig',
    })
    await prepareTestAccount(rpcUrl, CAPPED, { usdt: config.userMax })
    const staked = (
      await chainClients(rpcUrl).public.readContract({
        address: Stake,
        abi: stakeAbi,
        functionName: 'getUserInfo',
        args: [CAPPED],
      })
    )[0].amount
    if (staked < config.userMax) {
      await writeAs(rpcUrl, CAPPED, {
        address: contract('USDT'),
        abi: erc20Abi,
        functionName: 'approve',
        args: [Stake, config.userMax],
      })
      await writeAs(rpcUrl, CAPPED, {
        address: Stake,
        abi: stakeAbi as Abi,
        functionName: 'deposit',
        args: [config.userMax - staked, 0n],
      })
    }
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: CAPPED,
      path: '/stake',
      storage: { lang: 'en' },
    })
    await expect
      .poll(() => page.getByTestId('stake-range').textContent(), { timeout: 15_000 })
      .toBe(
        `You have reached the cap of ${Number(config.userMax / 10n ** 18n).toLocaleString('en')} USDT per account: no further stake is possible.`,
      )
    expect(problems.list).toEqual([])
    await context.close()
  })
})
