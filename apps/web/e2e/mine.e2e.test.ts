import { logActions } from '@nexus/sdk'
import { parseAbi, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { E2E_OWNER } from './lib/accounts.ts'
import { balanceOf, chainClients, contract, hdAccount, prepareTestAccount, send } from './lib/chain.ts'
import { switchLanguage } from './lib/shell.ts'
import { openConnected, eachScreenshotView } from './lib/session.ts'
import { burnDirectly, claimBurnDirectly, processBurnExpiredDirectly } from './lib/web2Accounts.ts'
import { web2Number, web2Stat, web2Transact } from './lib/web2Flow.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

/** Gets 15 keys from the owner and synthesizes; then earns NFT dividends and claims them. */
const SYNTHESIZER = hdAccount(104)
/** Holds no key. */
const KEYLESS = hdAccount(105)
/** Has a Burn order, a claim in the Log and so rewards today. */
const EARNER = hdAccount(106)
const FUNDER = hdAccount(107)
const browser = useBrowser()

const idoAbi = parseAbi([
  'function getSettings() view returns ((uint256 dayTimes, uint256 directRate, uint256 indirectRate, uint256 userMax, uint256 roundCool, uint256 hecheng, uint256 roundTime, uint256 claimStart, uint256 releaseDays, uint256 keysPerUnit, uint256 keyId, uint256 cardId, uint256 slippage, bool whiteOnly))',
])
const nftAbi = parseAbi([
  'function mint(address to, uint256 tokenId, uint256 amount)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
])

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, SYNTHESIZER)
  await prepareTestAccount(rpcUrl, KEYLESS)
  await prepareTestAccount(rpcUrl, FUNDER, { usdt: parseEther('3000') })
  await prepareTestAccount(rpcUrl, EARNER, { referrer: FUNDER, usdt: parseEther('3000') })
})

describe('mine: NFT synthesis and dividends', () => {
  it('blocks synthesis without enough keys with the spec message', async () => {
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: KEYLESS,
      path: '/mine',
      storage: { lang: 'en' },
    })
    await page.getByTestId('synthesis-insufficient').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('synthesis-insufficient').textContent()).toBe('Insufficient NFTs')
    await page.getByTestId('synthesis-submit').click()
    await page.getByRole('status').filter({ hasText: 'Insufficient NFTs' }).waitFor()
    await switchLanguage(page, 'zh-Hant')
    expect(await page.getByTestId('synthesis-insufficient').textContent()).toBe('NFT 數量不足')
    // The five tier names, in Chinese.
    const names = await page.getByTestId('nft-name').allTextContents()
    expect(names.length).toBeGreaterThanOrEqual(2)
    for (const name of names) expect(['鑰匙', '青銅', '白銀', '黃金', '財團']).toContain(name)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('previews the synthesis, synthesizes 15 keys into a syndicate, then claims NFT dividends', async () => {
    const { public: client, wallet } = chainClients(rpcUrl)
    const [Ido, Nft, USDT] = [contract('Ido'), contract('Nft'), contract('USDT')]
    const settings = await client.readContract({ address: Ido, abi: idoAbi, functionName: 'getSettings' })
    const held = await client.readContract({
      address: Nft,
      abi: nftAbi,
      functionName: 'balanceOf',
      args: [SYNTHESIZER, settings.keyId],
    })
    if (held < settings.hecheng)
      await send(rpcUrl, () =>
        wallet.writeContract({
          account: E2E_OWNER,
          chain: null,
          address: Nft,
          abi: nftAbi,
          functionName: 'mint',
          args: [SYNTHESIZER, settings.keyId, settings.hecheng - held],
        }),
      )
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: SYNTHESIZER,
      path: '/mine',
      storage: { lang: 'en' },
    })
    await expect.poll(() => web2Stat(page, 'synthesis-keys'), { timeout: 15_000 }).toBe(String(settings.hecheng))
    // 15 keys of power 1 become a syndicate card of power 20.
    expect(await web2Stat(page, 'synthesis-power')).toBe('15 → 20 (+5)')
    expect(await web2Stat(page, 'synthesis-after')).toMatch(/^0 Key · \d+ Syndicate$/)
    expect(await page.getByTestId('synthesis-insufficient').count()).toBe(0)
    await web2Transact(page, 'synthesis-submit', 'Synthesized')
    await expect.poll(() => web2Stat(page, 'synthesis-keys')).toBe('0')
    expect(await web2Stat(page, 'nft-power')).toBe('20')
    expect(
      await client.readContract({
        address: Nft,
        abi: nftAbi,
        functionName: 'balanceOf',
        args: [SYNTHESIZER, settings.cardId],
      }),
    ).toBeGreaterThanOrEqual(1n)

    // A Burn order sends its NFT share to the card holders by power.
    await burnDirectly(rpcUrl, FUNDER, 10n)
    await expect
      .poll(async () => web2Number(await web2Stat(page, 'nft-pending')), { timeout: 15_000 })
      .toBeGreaterThan(0)
    const before = await balanceOf(rpcUrl, USDT, SYNTHESIZER)
    await web2Transact(page, 'nft-claim', 'Claimed')
    expect(await balanceOf(rpcUrl, USDT, SYNTHESIZER)).toBeGreaterThan(before)
    expect(problems.list).toEqual([])
    await context.close()
  })
})

describe('mine: assets, rewards chart and the action log', () => {
  it('shows balances and rewards per symbol, the daily rewards chart, and the log filtered by symbol', async () => {
    await burnDirectly(rpcUrl, EARNER, 2n)
    await burnDirectly(rpcUrl, FUNDER, 5n)
    await processBurnExpiredDirectly(rpcUrl, FUNDER)
    await claimBurnDirectly(rpcUrl, EARNER)
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: EARNER,
      path: '/mine',
      storage: { lang: 'en' },
    })
    const usdt = page.locator('[data-testid="asset"][data-symbol="USDT"]')
    await expect
      .poll(async () => web2Number((await usdt.getByTestId('reward-total').textContent()) ?? ''), { timeout: 15_000 })
      .toBeGreaterThan(0)
    expect(web2Number((await usdt.getByTestId('reward-today').textContent()) ?? '')).toBeGreaterThan(0)
    expect(web2Number((await usdt.getByTestId('asset-balance').textContent()) ?? '')).toBeGreaterThan(0)
    // The chart: one figure per symbol with rewards, a bar today (the rightmost day).
    const figure = page.locator('[data-testid="rewards-chart"] figure[data-symbol="USDT"]')
    await figure.waitFor({ timeout: 30_000 })
    expect(await figure.locator('rect[data-day="29"]').count()).toBe(1)

    await page.getByTestId('mine-tab-log').click()
    await page.waitForURL(/\/mine\?view=log$/)
    const entries = page.getByTestId('log-entry')
    await entries.first().waitFor({ timeout: 30_000 })
    expect(await entries.first().getAttribute('data-action')).toBe('claim')
    expect(await entries.first().getByTestId('log-amount').textContent()).toMatch(/^\+[\d,.]+ USDT$/)
    // In NEX the earner has only its registration (Main writes it in NEX, with no amount); the USDT claim is gone.
    await page.getByTestId('log-symbol').selectOption('NEX')
    await page.locator('[data-testid="log-entries"][data-status="ready"]').waitFor()
    await expect
      .poll(async () => entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-symbol'))))
      .toEqual(['NEX'])
    expect(await entries.first().getAttribute('data-action')).toBe('register')
    // A symbol the earner never acted in (synthesis writes NFT) lists nothing and says so.
    await page.getByTestId('log-symbol').selectOption('NFT')
    await page.locator('[data-testid="log-entries"][data-status="ready"][data-count="0"]').waitFor()
    expect(await page.getByTestId('log-entries').textContent()).toContain('No data yet')
    // The filters offer exactly what the contracts write (the SDK's list, checked against the contracts' sources).
    const offered = (testId: string) =>
      page
        .getByTestId(testId)
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    expect(await offered('log-action')).toEqual(['', ...new Set(logActions.map((entry) => entry.action))])
    // USDT and NEX, and NFT since synthesis writes its entry counted in keys (issue 20)
    expect(await offered('log-symbol')).toEqual(['', ...new Set(logActions.map((entry) => entry.symbol))])
    expect(await offered('log-symbol')).toEqual(expect.arrayContaining(['USDT', 'NEX', 'NFT']))
    await page.getByTestId('log-symbol').selectOption('USDT')
    await page.getByTestId('log-action').selectOption('claim')
    await entries.first().waitFor()
    expect(await page.getByTestId('list-end').textContent()).toBe('No more')
    await switchLanguage(page, 'zh-Hant')
    expect(await entries.first().textContent()).toContain('分紅領取')

    // An unknown view falls back to the assets.
    await page.goto(`${baseUrl}/mine?view=%3Cscript%3E`)
    await page.getByTestId('mine-tab-assets').waitFor()
    expect(await page.getByTestId('mine-tab-assets').getAttribute('aria-current')).toBe('page')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('saves phone and desktop screenshots of /mine, its log view and /burn in both languages', async () => {
    for (const [path, name, ready] of [
      ['/mine', 'mine', 'rewards-chart'],
      ['/mine?view=log', 'mine-log', 'log-entry'],
      ['/burn', 'burn', 'my-force'],
    ] as const)
      await eachScreenshotView(browser, baseUrl, { rpcUrl, account: EARNER, path }, async ({ page, shot }) => {
        await page.getByTestId(ready).first().waitFor({ timeout: 30_000 })
        // Chain figures have arrived (a stat shows a dash until then).
        if (ready === 'my-force') await expect.poll(() => web2Stat(page, 'my-force'), { timeout: 15_000 }).not.toBe('—')
        await page.waitForTimeout(1_000)
        await shot(name)
      })
  }, 240_000)
})
