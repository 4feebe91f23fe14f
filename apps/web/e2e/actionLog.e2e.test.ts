import { burnAbi, fomoAbi, miningAbi, nftAbi } from '@nexus/abi'
import { logActions } from '@nexus/sdk'
import type { Page } from 'playwright-core'
import { parseAbi, parseEther, toHex } from 'viem'
import type { Abi, Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { E2E_OWNER } from './lib/accounts.ts'
import {
  ACTION_LOG_WALKS,
  expectEntry,
  expectInLog as expectInLogAt,
  foundInLog,
  LOG_ENTRY_KINDS,
  openAs,
} from './lib/actionLog.ts'
import { waitForPage } from './lib/browser.ts'
import { chainClients, contract, hdAccount, isRegistered, prepareTestAccount, send } from './lib/chain.ts'
import { ensureIdoRoundInProgress } from './lib/ido.ts'
import { openConnected } from './lib/session.ts'
import { burnDirectly, processBurnExpiredDirectly } from './lib/web2Accounts.ts'
import { web2Number, web2Stat } from './lib/web2Flow.ts'
import { ownerWrite } from './lib/web4Admin.ts'
import { figure, moveChainTimeTo, must, transact } from './lib/web3Pools.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// Issue 20, "Done when": every user action, done in the browser by one new user, appears in the action log
// (/mine?view=log) under its symbol and action filter, and so does every referral and team reward its actions
// credit to its referrer (direct, team) and to that one's referrer (indirect). The pages' own checks are in their
// feature tests (minting, burn, fomo, stake, mining, mine); this file walks through them as one user and reads the
// log after each. The FOM pools' later actions (release, reward, prize) and the doubling deposit are walked in
// actionLogPools.e2e.test.ts. Direct contract calls here only set up what no user page offers: the referrer's
// manual team level (an owner setting), another account's order that pays dividends, and NFT keys to synthesize.
// It moves the chain's clock once: to the end of a 7-day mining stake (7 local days of 600 s).

/** The walking user (HD 160..169 belong to the action log files), registered in the browser under REFERRER. */
const USER = hdAccount(160)
/** USER's referrer (direct and team rewards), registered under GRAND. */
const REFERRER = hdAccount(161)
/** Burns after USER, so that USER's Burn order earns dividends to claim. */
const OTHER = hdAccount(162)
/** REFERRER's referrer: the indirect rewards of USER's actions. */
const GRAND = hdAccount(163)
const FILE = 'actionLog.e2e.test.ts'
const browser = useBrowser()

const idoSettingsAbi = parseAbi([
  'function getSettings() view returns ((uint256 dayTimes, uint256 directRate, uint256 indirectRate, uint256 userMax, uint256 roundCool, uint256 hecheng, uint256 roundTime, uint256 claimStart, uint256 releaseDays, uint256 keysPerUnit, uint256 keyId, uint256 cardId, uint256 slippage, bool whiteOnly))',
])

/** Opens `path` connected as `account` (USER by default), in English. */
function openAsUser(path: string, account: Address = USER) {
  return openAs(browser, baseUrl, rpcUrl, account, path)
}

function expectInLog(page: Page, symbol: string, action: string, count = 1) {
  return expectInLogAt(page, baseUrl, symbol, action, count)
}

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, GRAND, { usdt: parseEther('1000') })
  await prepareTestAccount(rpcUrl, REFERRER, { referrer: GRAND, usdt: parseEther('1000') })
  await prepareTestAccount(rpcUrl, OTHER, { usdt: parseEther('2000') })
  // An owner setting (the admin screens' own test drives its form): REFERRER is a V1 team leader in Burn and FOM, so
  // USER's orders pay it a team reward besides the direct one.
  await ownerWrite(rpcUrl, {
    address: contract('Burn'),
    abi: burnAbi as Abi,
    functionName: 'setTeam',
    args: [REFERRER, true, 1n],
  })
  await ownerWrite(rpcUrl, {
    address: contract('Fomo'),
    abi: fomoAbi as Abi,
    functionName: 'setTeamLevel',
    args: [REFERRER, 1n, true],
  })
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
    await prepareTestAccount(rpcUrl, USER, { usdt: parseEther('20000'), nex: parseEther('20000') })
    await expectEntry(await expectInLog(page, 'NEX', 'register'), 'Registration (referrer bound)')
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('the referrers place orders of their own (only an account with a live order earns Burn and FOM rewards)', async () => {
    for (const account of [GRAND, REFERRER]) {
      const { page, problems, context } = await openAsUser('/burn', account)
      await expect.poll(() => web2Stat(page, 'burn-balance'), { timeout: 15_000 }).toMatch(/^[\d,]+(\.\d+)? USDT$/)
      await page.getByTestId('burn-times').fill('1')
      await expect.poll(() => web2Stat(page, 'burn-value'), { timeout: 15_000 }).toMatch(/^[\d,]+ USDT$/)
      await transact(page, 'burn-submit', 'Burned')
      await page.goto(`${baseUrl}/fomo`)
      await waitForPage(page, '/fomo')
      await page.getByTestId('tier-0').click()
      await page.getByTestId('pay-USDT').click()
      await page.getByTestId('deposit-amount').fill('150')
      await transact(page, 'deposit-submit', 'Deposited')
      expect(problems.list).toEqual([])
      await context.close()
    }
  }, 120_000)

  it('mint in USDT, in BNB and in NEX, and a burn order through Ido', async () => {
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
    // Paid in NEX at its average price (approving NEX first).
    await page.getByTestId('pay-NEX').click()
    await expect
      .poll(() => page.getByTestId('mint-cost').textContent(), { timeout: 15_000 })
      .toMatch(/Cost: about [\d,.]+ NEX/)
    await page.getByTestId('mint-times').fill('1')
    await transact(page, 'mint-submit', 'Minted')
    await page.getByTestId('ido-burn-times').fill('1')
    await transact(page, 'ido-burn-submit', 'Burn order placed')
    await expectEntry(await expectInLog(page, 'USDT', 'ido_mint'), 'Minting purchase', '-')
    await expectInLog(page, 'BNB', 'ido_mint')
    await expectEntry(await expectInLog(page, 'NEX', 'ido_mint'), 'Minting purchase', '-')
    await expectInLog(page, 'USDT', 'burn')
    expect(problems.list).toEqual([])
    await context.close()
  }, 120_000)

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

  it('claim the NFT dividends of the synthesized card', async () => {
    // Another account's order sends Burn's NFT share to the card holders (set up directly: not USER's action).
    await burnDirectly(rpcUrl, OTHER, 2n)
    const { page, problems, context } = await openAsUser('/mine')
    await expect.poll(() => figure(page, 'nft-pending'), { timeout: 15_000 }).toBeGreaterThan(0)
    await transact(page, 'nft-claim', 'Claimed')
    await expectEntry(await expectInLog(page, 'USDT', 'nft_claim'), 'NFT dividend claim', '+')
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

  it("credits the referrer (direct and team rewards) and its referrer (indirect) with USER's actions", async () => {
    const credits: Record<Address, readonly [symbol: string, action: string, name: string][]> = {
      [REFERRER]: [
        ['USDT', 'ido_direct', 'Minting direct referral reward'],
        ['NEX', 'ido_direct', 'Minting direct referral reward'],
        ['USDT', 'burn_direct', 'Burn direct referral reward'],
        ['USDT', 'burn_team', 'Burn team reward'],
        ['USDT', 'fomo_direct', 'FOM direct referral reward'],
        ['USDT', 'fomo_team', 'FOM team reward'],
        ['NEX', 'stake_direct', 'Staking direct referral reward'],
      ],
      [GRAND]: [
        ['USDT', 'ido_indirect', 'Minting indirect referral reward'],
        ['NEX', 'ido_indirect', 'Minting indirect referral reward'],
        ['USDT', 'burn_indirect', 'Burn indirect referral reward'],
        ['USDT', 'fomo_indirect', 'FOM indirect referral reward'],
        ['NEX', 'stake_indirect', 'Staking indirect referral reward'],
      ],
    }
    for (const [account, entries] of Object.entries(credits)) {
      const { page, problems, context } = await openAsUser('/mine?view=log', account as Address)
      for (const [symbol, action, name] of entries)
        await expectEntry(await expectInLog(page, symbol, action), name, '+')
      expect(problems.list).toEqual([])
      await context.close()
    }
  }, 120_000)

  it('offers in its filters every action the contracts write, and the walks check every one of them', async () => {
    const { page, context } = await openAsUser('/mine?view=log')
    const offered = await page
      .getByTestId('log-action')
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    expect(new Set(offered)).toEqual(new Set(['', ...logActions.map((entry) => entry.action)]))
    await context.close()
    // This file found what it names; with the other action log files, they name every action and symbol written.
    expect([...foundInLog].sort()).toEqual([...new Set(ACTION_LOG_WALKS[FILE])].sort())
    expect([...new Set(Object.values(ACTION_LOG_WALKS).flat())].sort()).toEqual([...LOG_ENTRY_KINDS].sort())
  })
})
