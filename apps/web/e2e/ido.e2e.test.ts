import { erc20Abi, parseAbi, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { chainClients, contract, hdAccount, prepareTestAccount, send } from './lib/chain.ts'
import { ensureIdoRoundInProgress } from './lib/ido.ts'
import { switchLanguage } from './lib/shell.ts'
import { openConnected, eachScreenshotView } from './lib/session.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

const MINTER = hdAccount(108)
const NEWCOMER = hdAccount(109)
const browser = useBrowser()

const idoAbi = parseAbi(['function mint(uint256 times, bool isUSDT)'])

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, MINTER, { usdt: parseEther('1000') })
  await prepareTestAccount(rpcUrl, NEWCOMER)
})

describe('minting history', () => {
  it('lists the mints after indexing, newest first, then "No more"; both languages', async () => {
    const [Ido, USDT] = [contract('Ido'), contract('USDT')]
    const { wallet } = chainClients(rpcUrl)
    await ensureIdoRoundInProgress(rpcUrl)
    await send(rpcUrl, () =>
      wallet.writeContract({
        account: MINTER,
        chain: null,
        address: USDT,
        abi: erc20Abi,
        functionName: 'approve',
        args: [Ido, 10n ** 38n],
      }),
    )
    for (const times of [1n, 2n])
      await send(rpcUrl, () =>
        wallet.writeContract({
          account: MINTER,
          chain: null,
          address: Ido,
          abi: idoAbi,
          functionName: 'mint',
          args: [times, true],
        }),
      )
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: MINTER,
      path: '/ido',
      storage: { lang: 'en' },
    })
    const rows = page.getByTestId('mint')
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
    expect(await rows.nth(0).getByTestId('mint-units').textContent()).toBe('2')
    expect(await rows.nth(1).getByTestId('mint-units').textContent()).toBe('1')
    expect(await rows.nth(0).textContent()).toMatch(/Round \d+/)
    expect(await rows.nth(0).textContent()).toContain('Paid in USDT')
    expect(await page.getByTestId('list-end').textContent()).toBe('No more')
    await switchLanguage(page, 'zh-Hant')
    expect(await rows.nth(0).textContent()).toContain('以 USDT 支付')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('says "No data yet" without mints, in both languages, and saves screenshots', async () => {
    const { page, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: NEWCOMER,
      path: '/ido',
      storage: { lang: 'en' },
    })
    await page.locator('[data-testid="mints"][data-status="ready"]').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('mints').textContent()).toContain('No data yet')
    await switchLanguage(page, 'zh-Hant')
    expect(await page.getByTestId('mints').textContent()).toContain('暫無數據')
    await context.close()
    await eachScreenshotView(browser, baseUrl, { rpcUrl, account: MINTER, path: '/ido' }, async ({ page, shot }) => {
      await page.getByTestId('mint').first().waitFor({ timeout: 30_000 })
      await shot('ido')
    })
  }, 240_000)
})
