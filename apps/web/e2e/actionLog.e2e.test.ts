import { miningAbi, nftAbi } from '@nexus/abi'
import type { Page } from 'playwright-core'
import { parseAbi, parseEther, toHex } from 'viem'
import type { Abi } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { E2E_OWNER } from './lib/accounts.ts'
import { waitForPage } from './lib/browser.ts'
import { chainClients, contract, hdAccount, isRegistered, prepareTestAccount, send } from './lib/chain.ts'
import { ensureIdoRoundInProgress } from './lib/ido.ts'
import { openConnected } from './lib/session.ts'
import { burnDirectly, processBurnExpiredDirectly } from './lib/web2Accounts.ts'
import { web2Number, web2Stat } from './lib/web2Flow.ts'
import { moveChainTimeTo, must, transact } from './lib/web3Pools.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// Issue 20, "Done when": every user action, done in the browser by one new user, appears in the action log
// (/mine?view=log) under its symbol and action filter. The pages' own checks are in their feature tests (minting,
// burn, fomo, stake, mining, mine); this file walks through them as one user and reads the log after each.
// It moves the chain's clock once: to the end of a 7-day mining stake (7 local days of 600 s).

/** The walking user (HD 160..169 belong to this file), registered in the browser under REFERRER. */
const USER = hdAccount(160)
const REFERRER = hdAccount(161)
/** Burns after USER, so that USER's Burn order earns dividends to claim. */
const OTHER = hdAccount(162)
const browser = useBrowser()

const idoSettingsAbi = parseAbi([
  'function getSettings() view returns ((uint256 dayTimes, uint256 directRate, uint256 indirectRate, uint256 userMax, uint256 roundCool, uint256 hecheng, uint256 roundTime, uint256 claimStart, uint256 releaseDays, uint256 keysPerUnit, uint256 keyId, uint256 cardId, uint256 slippage, bool whiteOnly))',
])

/** Opens `path` connected as USER, in English. */
async function openAsUser(path: string) {
  return openConnected(browser, baseUrl, { rpcUrl, account: USER, path, storage: { lang: 'en' } })
}

/**
 * Opens the action log filtered by `symbol` and `action` and waits until it lists at least `count` entries of that
 * action (the indexer follows the chain within seconds: the log is opened again until they are there).
 */
async function expectInLog(page: Page, symbol: string, action: string, count = 1) {
  const entries = page.locator(`[data-testid="log-entry"][data-action="${action}"][data-symbol="${symbol}"]`)
  let seen = 0
  for (let attempt = 0; attempt < 10 && seen < count; attempt++) {
    await page.goto(`${baseUrl}/mine?view=log`)
    await page.getByTestId('log-symbol').selectOption(symbol)
    await page.getByTestId('log-action').selectOption(action)
    await page.locator('[data-testid="log-entries"][data-status="ready"]').waitFor({ timeout: 15_000 })
    // Every row shown matches the filter.
    for (const row of await page.getByTestId('log-entry').all()) {
      expect(await row.getAttribute('data-action')).toBe(action)
      expect(await row.getAttribute('data-symbol')).toBe(symbol)
    }
    seen = await entries.count()
    if (seen < count) await page.waitForTimeout(2_000)
  }
  expect(seen, `${symbol}/${action} entries in the log`).toBeGreaterThanOrEqual(count)
  return entries.first()
}

/** An entry's name (translated, issue 23: no raw action codes) and the sign of its amount (paid or received). */
async function expectEntry(entry: ReturnType<Page['locator']>, name: string, sign?: '+' | '-') {
  expect(await entry.textContent()).toContain(name)
  if (sign) expect(await entry.getByTestId('log-amount').textContent()).toMatch(sign === '+' ? /^\+/ : /^-/)
}

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, REFERRER, { usdt: parseEther('100') })
  await prepareTestAccount(rpcUrl, OTHER, { usdt: parseEther('2000') })
  // USER signs through the node (impersonated) and has BNB for gas, but is not registered: it registers below.
  const { public: client } = chainClients(rpcUrl)
  await client.request({ method: 'hardhat_impersonateAccount' as never, params: [USER] as never })
  await client.request({ method: 'hardhat_setBalance' as never, params: [USER, toHex(parseEther('100'))] as never })
})

describe('action log: every user action, done in the browser, is in /mine?view=log', () => {
  it('register (binding the referrer of the invitation link)', async () => {
    expect(await isRegistered(rpcUrl, USER)).toBe(false)
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: USER,
      path: `/?code=${REFERRER}`,
      storage: { lang: 'en' },
    })
    await page.getByTestId('registration-overlay').waitFor()
    await page.getByTestId('registration-submit').click()
    await page.getByTestId('registration-overlay').waitFor({ state: 'detached', timeout: 30_000 })
    expect(await isRegistered(rpcUrl, USER)).toBe(true)
    // Funds for the walk (registered now: this only tops up).
    await prepareTestAccount(rpcUrl, USER, { usdt: parseEther('20000'), nex: parseEther('3000') })
    await expectEntry(await expectInLog(page, 'NEX', 'register'), 'Registration (referrer bound)')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('mint in USDT and in BNB, and a burn order through Ido', async () => {
    await ensureIdoRoundInProgress(rpcUrl)
    const { page, problems, context } = await openAsUser('/')
    await page.locator('[data-testid="round-status"][data-status="inProgress"]').waitFor({ timeout: 15_000 })
    await page.getByTestId('pay-USDT').click()
    await page.getByTestId('mint-times').fill('1')
    await transact(page, 'mint-submit', 'Minted')
    await page.getByTestId('pay-BNB').click()
    await expect
      .poll(() => page.getByTestId('mint-cost').textContent(), { timeout: 15_000 })
      .toMatch(/You send [\d.]+ BNB/)
    await page.getByTestId('mint-times').fill('1')
    await transact(page, 'mint-submit', 'Minted')
    await page.getByTestId('ido-burn-times').fill('1')
    await transact(page, 'ido-burn-submit', 'Burn order placed')
    await expectInLog(page, 'USDT', 'ido_mint')
    await expectInLog(page, 'BNB', 'ido_mint')
    await expectInLog(page, 'USDT', 'burn')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('burn on /burn, then claim its dividends', async () => {
    const { page, problems, context } = await openAsUser('/burn')
    // The form prices the order from chain data: wait for it, as burn.e2e does.
    await expect.poll(() => web2Stat(page, 'burn-balance'), { timeout: 15_000 }).toMatch(/^[\d,]+(\.\d+)? USDT$/)
    await page.getByTestId('burn-times').fill('2')
    await expect.poll(() => web2Stat(page, 'burn-value'), { timeout: 15_000 }).toMatch(/^[\d,]+ USDT$/)
    await transact(page, 'burn-submit', 'Burned')
    await expectInLog(page, 'USDT', 'burn', 2)
    // Another account's order pays dividends to the earlier ones, once the expired orders are forced out (the
    // browser stack's keeper runs only the withdrawals; pendingReward shows no share while expired orders wait).
    await burnDirectly(rpcUrl, OTHER, 10n)
    await processBurnExpiredDirectly(rpcUrl, OTHER)
    await page.goto(`${baseUrl}/burn`)
    await waitForPage(page, '/burn')
    await expect
      .poll(async () => web2Number(await web2Stat(page, 'burn-pending')), { timeout: 15_000 })
      .toBeGreaterThan(0)
    await transact(page, 'burn-claim', 'Claimed')
    await expectEntry(await expectInLog(page, 'USDT', 'claim'), 'Dividend claim', '+')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('FOM and super FOM: an order in each pool', async () => {
    const { page, problems, context } = await openAsUser('/fomo')
    for (const [path, deposit] of [
      ['/fomo', '150'],
      ['/superFom', '1000'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`)
      await waitForPage(page, path)
      await page.getByTestId('tier-0').click()
      await page.getByTestId('pay-USDT').click()
      await page.getByTestId('deposit-amount').fill(deposit)
      await transact(page, 'deposit-submit', 'Deposited')
    }
    await expectInLog(page, 'USDT', 'fomo_burn', 2)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('stake a deposit', async () => {
    const { page, problems, context } = await openAsUser('/stake')
    await page.locator('[data-testid="stake-round-status"][data-status="open"]').waitFor({ timeout: 15_000 })
    const range = (await page.getByTestId('stake-range').textContent()) ?? ''
    const min = must(/^Allowed range: ([\d,.]+) to/.exec(range)?.[1], 'the minimum stake').replace(/,/g, '')
    await page.getByTestId('stake-amount').fill(min)
    await transact(page, 'stake-submit', 'Staked')
    // Issue 23: shown as "Staking deposit", paid (-), not as "stake_deposit" income.
    await expectEntry(await expectInLog(page, 'USDT', 'stake_deposit'), 'Staking deposit', '-')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('synthesize keys into a card', async () => {
    const { public: client, wallet } = chainClients(rpcUrl)
    const settings = await client.readContract({
      address: contract('Ido'),
      abi: idoSettingsAbi,
      functionName: 'getSettings',
    })
    const held = (await client.readContract({
      address: contract('Nft'),
      abi: nftAbi as Abi,
      functionName: 'balanceOf',
      args: [USER, settings.keyId],
    })) as bigint
    if (held < settings.hecheng)
      await send(rpcUrl, () =>
        wallet.writeContract({
          account: E2E_OWNER,
          chain: null,
          address: contract('Nft'),
          abi: parseAbi(['function mint(address to, uint256 tokenId, uint256 amount)']),
          functionName: 'mint',
          args: [USER, settings.keyId, settings.hecheng - held],
        }),
      )
    const { page, problems, context } = await openAsUser('/mine')
    const keys = held > settings.hecheng ? held : settings.hecheng
    await expect.poll(() => web2Stat(page, 'synthesis-keys'), { timeout: 15_000 }).toBe(keys.toLocaleString('en'))
    await transact(page, 'synthesis-submit', 'Synthesized')
    await expectInLog(page, 'NFT', 'synthesize')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('mining: deposit, release after the lock, claim the mined NEX', async () => {
    const { page, problems, context } = await openAsUser('/mining')
    await page.getByTestId('mining-tier-0').click()
    await page.getByTestId('mining-amount').fill('100')
    await transact(page, 'mining-submit', 'Staked')
    await expectInLog(page, 'NEX', 'mining_deposit')

    const [stakes] = (await chainClients(rpcUrl).public.readContract({
      address: contract('Mining'),
      abi: miningAbi as Abi,
      functionName: 'getUserStakes',
      args: [USER, 0n, 50n],
    })) as [{ index: bigint; tier: bigint; endTime: bigint; status: bigint }[], bigint]
    const stake = must(
      stakes.find((record) => record.tier === 0n),
      'the 7-day stake',
    )
    await moveChainTimeTo(rpcUrl, stake.endTime + 5n)
    await page.goto(`${baseUrl}/miningMine`)
    await waitForPage(page, '/miningMine')
    const item = page.getByTestId(`mining-stake-${stake.index}`)
    await item.locator('[data-testid="record-state"][data-state="unlocked"]').waitFor({ timeout: 15_000 })
    await transact(page, item.getByTestId('mining-release'), 'Released')
    await transact(page, 'mining-claim', 'Claimed')
    await expectInLog(page, 'NEX', 'mining_release')
    await expectInLog(page, 'NEX', 'mining_reward')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('claim what has been released: the minted NEX (vesting) and the stake reward', async () => {
    // The clock has moved by the mining lock (7 local days): some of both is released.
    const { page, problems, context } = await openAsUser('/')
    const claimable = page.getByTestId('claimable').locator('dd')
    await expect.poll(() => claimable.textContent(), { timeout: 15_000 }).toMatch(/[1-9]/)
    await transact(page, 'claim', 'Claimed')
    // Issue 23: the minting vesting claim is not labelled a dividend claim.
    await expectEntry(await expectInLog(page, 'NEX', 'claim'), 'Minting claim (vested NEX)', '+')
    await page.goto(`${baseUrl}/stake`)
    await waitForPage(page, '/stake')
    await transact(page, 'stake-claim', 'Claimed')
    await expectInLog(page, 'NEX', 'stake_claim')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('offers in its filters the actions walked through above (the SDK list the contracts write)', async () => {
    const { page, context } = await openAsUser('/mine?view=log')
    const offered = await page
      .getByTestId('log-action')
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    for (const action of [
      'register',
      'ido_mint',
      'burn',
      'claim',
      'fomo_burn',
      'stake_deposit',
      'synthesize',
      'mining_deposit',
      'mining_release',
      'mining_reward',
      'stake_claim',
    ])
      expect(offered).toContain(action)
    await context.close()
  })
})
