import { mainAbi, payoutsAbi } from '@nexus/abi'
import { createSignInMessage } from '@nexus/sdk'
import { erc20Abi, parseEther } from 'viem'
import type { Address, Hash } from 'viem'
import type { Locator, Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { E2E_OWNER } from './lib/accounts.ts'
import { E2E_EXPLORER_URL } from './lib/appServer.ts'
import { balanceOf, chainClients, contract, prepareTestAccount } from './lib/chain.ts'
import { baseUrl, keeperUrl, legacyUrl, rpcUrl, useBrowser } from './lib/fixture.ts'
import { openConnected } from './lib/session.ts'

// Issue 21: a withdrawal requested through the legacy API is paid by the stack's keeper (KEEPER_UPKEEPS=false,
// see globalSetup.ts) exactly once, and the manager's withdrawals card on /manager shows it paid with the payout
// transaction's link. One rejected on the card waits for the keeper's cancel on chain, then is refunded, never paid.
const browser = useBrowser()

const MNEMONIC = 'test test test test test test test test test test test junk'
/** The referrer, whose 10 % referral credit it withdraws, and the buyer of a machine below it. */
const REFERRER = mnemonicToAccount(MNEMONIC, { addressIndex: 140 })
const BUYER = mnemonicToAccount(MNEMONIC, { addressIndex: 141 })
/** A second buyer below the referrer (a user buys at most 10 machines): its purchase credits the rejected one. */
const BUYER2 = mnemonicToAccount(MNEMONIC, { addressIndex: 143 })
/** Funds the Payouts contract (the operator's float the keeper pays from) with the payout token. */
const TREASURY = mnemonicToAccount(MNEMONIC, { addressIndex: 142 }).address
/** The keeper's local development key (apps/keeper DEV_KEY_INDEX): the Payouts contract's payer. */
const KEEPER = mnemonicToAccount(MNEMONIC, { addressIndex: 46 }).address
/** Machine type 1 of the legacy API's seed costs 100 USDT; the referrer gets 10 %. */
const MACHINE_PRICE = parseEther('100')
const CREDIT = parseEther('10')
/** Six machines of type 3 (2,000 USDT each): a 1,200 USDT credit, of which 1,100 are withdrawn, above the threshold. */
const LARGE_PURCHASE = parseEther('12000')
const LARGE = parseEther('1100')

type Answer = { code: number; msg: string; data: Record<string, unknown> | null }

async function legacy(route: string, token: string | null, fields: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(new URL(`/api/api/invest/${route}`, legacyUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en', ...(token ? { token } : {}) },
    body: new URLSearchParams(fields),
  })
  return (await response.json()) as Answer
}

async function accepted(route: string, token: string | null, fields: Record<string, string> = {}) {
  const answer = await legacy(route, token, fields)
  expect(answer, `${route}: ${answer.msg}`).toMatchObject({ code: 0 })
  return answer.data ?? {}
}

/** Signs in to the legacy API with the account's key (SIWE), as the web's sign-in does with a wallet. */
async function signIn(account: typeof REFERRER): Promise<string> {
  const nonce = await accepted('nonce', null, { address: account.address })
  const domains = nonce.domains as string[]
  const domain = domains.find((host) => host === new URL(baseUrl).host) ?? (domains[0] as string)
  const message = createSignInMessage({
    address: account.address,
    chainId: Number(nonce.chainId),
    domain,
    uri: `http://${domain}`,
    nonce: String(nonce.nonce),
    issuedAt: new Date(String(nonce.issuedAt)),
  })
  const login = await accepted('login', null, { message, signature: await account.signMessage({ message }) })
  return String(login.token)
}

/** A transaction (of an account impersonated on the local chain), mined. */
async function pay(write: (wallet: ReturnType<typeof chainClients>['wallet']) => Promise<Hash>) {
  const { public: client, wallet } = chainClients(rpcUrl)
  const hash = await write(wallet)
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  return hash
}

/** Opens the referrer's server account below an account registered on chain (once the indexer has it). */
async function registerBelowChain(token: string, candidates: readonly Address[]) {
  const username = `ref${Date.now() % 1e8}`
  const deadline = Date.now() + 30_000
  for (;;) {
    for (const recommend of candidates) {
      const answer = await legacy('register', token, { username, recommend })
      if (answer.code === 0) return
    }
    if (Date.now() > deadline) throw new Error('no registered account to recommend the referrer')
    await new Promise((resolve) => setTimeout(resolve, 2_000))
  }
}

let withdrawalId: number
let largeId: number
let rejectedId: number
let referrerToken: string

/** What the server and the keeper say of the withdrawal (for a failure's message). */
async function serverState() {
  const wallet = await legacy('walletList', referrerToken, { credit_type: 'USDT', page: '1' })
  const keeper = keeperUrl ? await (await fetch(`${keeperUrl}/readyz`)).text() : 'no keeper'
  return `walletList: ${JSON.stringify(wallet.data)}; keeper: ${keeper}`
}

beforeAll(async () => {
  const { public: client } = chainClients(rpcUrl)
  const USDT = contract('USDT')
  const receiver = await client.readContract({ address: contract('Main'), abi: mainAbi, functionName: 'owner' })
  await prepareTestAccount(rpcUrl, REFERRER.address)
  await prepareTestAccount(rpcUrl, BUYER.address, {
    referrer: REFERRER.address,
    usdt: MACHINE_PRICE + LARGE_PURCHASE,
  })
  await prepareTestAccount(rpcUrl, BUYER2.address, { referrer: REFERRER.address, usdt: LARGE_PURCHASE })
  // the Payouts contract holds the payout token (an operator keeps it funded), sent by another account: a transaction
  // of the keeper's own key would take the nonce the keeper has counted on
  await prepareTestAccount(rpcUrl, TREASURY, { usdt: parseEther('1150') })
  await pay((wallet) =>
    wallet.writeContract({
      account: TREASURY,
      chain: null,
      address: USDT,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [contract('Payouts'), parseEther('1150')],
    }),
  )

  referrerToken = await signIn(REFERRER)
  const buyerToken = await signIn(BUYER)
  const buyer2Token = await signIn(BUYER2)
  const genesis = await client.readContract({ address: contract('Main'), abi: mainAbi, functionName: 'genesis' })
  await registerBelowChain(referrerToken, [genesis, E2E_OWNER])
  await accepted('register', buyerToken, { username: `buy${Date.now() % 1e8}`, recommend: REFERRER.address })
  await accepted('register', buyer2Token, { username: `bu2${Date.now() % 1e8}`, recommend: REFERRER.address })
  /** `buyer` pays `num` machines of type `id` in USDT (the referrer is credited 10 % in USDT on the server), then
   * the referrer withdraws `withdraw` USDT of its credit, paying the withdrawal fee in the native coin. */
  async function buyAndWithdraw(id: number, num: number, price: bigint, withdraw: string, buyer = BUYER) {
    const purchase = await pay((wallet) =>
      wallet.writeContract({
        account: buyer.address,
        chain: null,
        address: USDT,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [receiver, price],
      }),
    )
    await accepted('buyMachine', buyer === BUYER ? buyerToken : buyer2Token, {
      id: String(id),
      num: String(num),
      hash: purchase,
    })
    const fee = await pay((wallet) =>
      wallet.sendTransaction({ account: REFERRER.address, chain: null, to: receiver, value: parseEther('0.001') }),
    )
    const withdrawal = await accepted('withdraw', referrerToken, { num: withdraw, credit_type: 'USDT', hash: fee })
    expect(withdrawal.status).toBe('pending')
    return Number(withdrawal.id)
  }
  withdrawalId = await buyAndWithdraw(1, 1, MACHINE_PRICE, '10')
  // a second, larger purchase: its credit is withdrawn above the keeper's approval threshold (1,000)
  largeId = await buyAndWithdraw(3, 6, LARGE_PURCHASE, '1100')
  // a third one, above the threshold too: a manager rejects it
  rejectedId = await buyAndWithdraw(3, 6, LARGE_PURCHASE, '1100', BUYER2)
}, 180_000)

/** Opens /manager as the owner, signs in on the withdrawals card, runs `check` on it, and closes the page. */
async function onCard(check: (card: Locator, page: Page) => Promise<void>) {
  const { page, problems, context } = await openConnected(browser, baseUrl, {
    rpcUrl,
    account: E2E_OWNER,
    path: '/manager',
    storage: { lang: 'en' },
  })
  try {
    const card = page.getByTestId('withdrawals')
    await card.getByTestId('sign-in').click()
    await card.locator('[data-testid="sign-in-panel"][data-state="signed-in"]').waitFor({ timeout: 20_000 })
    await check(card, page)
    expect(problems.list).toEqual([])
  } finally {
    await context.close()
  }
}

/** Waits until the keeper (every 15 s) has paid withdrawal `id`: it leaves the open list for the paid one. */
async function shownPaid(card: Locator, id: number): Promise<Locator> {
  const row = card.locator(`[data-testid="withdrawal"][data-id="${id}"]`)
  await card.getByTestId('withdrawals-paid').click()
  await expect
    .poll(
      async () => {
        await card.getByTestId('withdrawals-open').click()
        await card.getByTestId('withdrawals-paid').click()
        return await row.getAttribute('data-status', { timeout: 3_000 }).catch(() => null)
      },
      { timeout: 90_000, interval: 5_000 },
    )
    .toBe('paid')
    .catch(async (error: unknown) => {
      throw new Error(`not shown paid; card: ${await card.textContent()}; ${await serverState()}`, { cause: error })
    })
  return row
}

/** The payout on chain: the keeper's transfer of exactly `amount` to the referrer, and nothing more a while later. */
async function paidOnce(page: Page, payout: Hash, before: bigint, amount: bigint, waitMs: number) {
  const receipt = await chainClients(rpcUrl).public.getTransactionReceipt({ hash: payout })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(KEEPER.toLowerCase())
  const received = async () => (await balanceOf(rpcUrl, contract('USDT'), REFERRER.address)) - before
  expect(await received()).toBe(amount)
  // exactly once: more keeper rounds pay nothing more
  await page.waitForTimeout(waitMs)
  expect(await received()).toBe(amount)
}

describe('legacy withdrawals on /manager', () => {
  it('the keeper pays a withdrawal once; the card lists it paid with the payout transaction', async () => {
    const before = await balanceOf(rpcUrl, contract('USDT'), REFERRER.address)
    await onCard(async (card, page) => {
      // the keeper's policy as the stack runs it (apps/keeper and the legacy API's defaults, WITHDRAW_*)
      expect(await card.getByTestId('withdrawals-threshold').textContent()).toBe(
        "Withdrawals above 1000 wait for a manager's approval.",
      )
      expect(await card.getByTestId('withdrawals-cap').textContent()).toMatch(
        /^At most 10000 of each type is paid per UTC day; paid or being paid today: \d+(\.\d+)? USDT, \d+(\.\d+)? ARB\.$/,
      )
      const row = await shownPaid(card, withdrawalId)
      expect(await row.getByTestId('withdrawal-status').textContent()).toBe('Paid out')
      expect(await row.getByTestId('withdrawal-needs-approval').count()).toBe(0) // 10 USDT: below the threshold
      expect(await card.getByTestId('withdrawals-cap').textContent()).not.toContain('today: 0 USDT')
      const link = row.getByTestId('withdrawal-payout').locator('a')
      const payout = (await link.textContent()) as Hash
      expect(payout).toMatch(/^0x[0-9a-f]{64}$/)
      const href = String(await link.getAttribute('href'))
      expect(href.startsWith(E2E_EXPLORER_URL) && href.endsWith(payout)).toBe(true)
      await paidOnce(page, payout, before, CREDIT, 35_000)
      expect(await card.locator(`[data-testid="withdrawal"][data-id="${withdrawalId}"]`).count()).toBe(1)
    })
  }, 180_000)

  it('a withdrawal above the threshold waits for a manager; approved on the card, the keeper pays it once', async () => {
    await onCard(async (card, page) => {
      const row = card.locator(`[data-testid="withdrawal"][data-id="${largeId}"]`)
      await row.waitFor({ timeout: 20_000 })
      expect(await row.getAttribute('data-status')).toBe('pending')
      expect(await row.getByTestId('withdrawal-needs-approval').textContent()).toBe(
        'Above the approval threshold: the keeper pays it only once a manager approves it',
      )
      // the keeper (every 15 s) leaves it alone until a manager approves it
      const before = await balanceOf(rpcUrl, contract('USDT'), REFERRER.address)
      await page.waitForTimeout(20_000)
      expect(await balanceOf(rpcUrl, contract('USDT'), REFERRER.address)).toBe(before)
      await row.getByTestId('withdrawal-approve').click()
      await shownPaid(card, largeId)
      const payout = (await row.getByTestId('withdrawal-payout').locator('a').textContent()) as Hash
      await paidOnce(page, payout, before, LARGE, 20_000)
    })
  }, 240_000)

  it('rejected on the card: shown waiting for its cancel on chain, then refunded once, never paid', async () => {
    const usdtBefore = await balanceOf(rpcUrl, contract('USDT'), REFERRER.address)
    const balance = async () =>
      Number((await accepted('walletList', referrerToken, { credit_type: 'USDT', page: '1' })).balance)
    const walletBefore = await balance()
    await onCard(async (card) => {
      const row = card.locator(`[data-testid="withdrawal"][data-id="${rejectedId}"]`)
      await row.waitFor({ timeout: 20_000 })
      await row.getByTestId('withdrawal-reason').fill('duplicate request')
      await row.getByTestId('withdrawal-reject').click()
      // the keeper (every 15 s) cancels its id on chain; until then the card shows it rejecting, with no action
      await expect
        .poll(async () => await row.getAttribute('data-status', { timeout: 3_000 }).catch(() => null), {
          timeout: 10_000,
        })
        .toMatch(/^(rejecting|rejected)$/)
      if ((await row.getAttribute('data-status')) === 'rejecting') {
        expect(await row.getByTestId('withdrawal-status').textContent()).toBe(
          'Rejected: the keeper cancels it on chain, then the amount is returned',
        )
        expect(await row.getByTestId('withdrawal-reject').count()).toBe(0)
      }
      const rejectedRow = card.locator(`[data-testid="withdrawal"][data-id="${rejectedId}"][data-status="rejected"]`)
      await expect
        .poll(
          async () => {
            await card.getByTestId('withdrawals-open').click()
            await card.getByTestId('withdrawals-rejected').click()
            return await rejectedRow.count()
          },
          { timeout: 60_000, interval: 5_000 },
        )
        .toBe(1)
        .catch(async (error: unknown) => {
          throw new Error(`not shown rejected; card: ${await card.textContent()}; ${await serverState()}`, {
            cause: error,
          })
        })
      expect(await rejectedRow.getByTestId('withdrawal-reason-shown').textContent()).toBe('Reason: duplicate request')
    })
    const { public: client } = chainClients(rpcUrl)
    const state = await client.readContract({
      address: contract('Payouts'),
      abi: payoutsAbi,
      functionName: 'stateOf',
      args: [BigInt(rejectedId)],
    })
    expect(state).toBe(2) // Cancelled: it can never be paid
    expect((await balance()) - walletBefore).toBe(1100)
    expect(await balanceOf(rpcUrl, contract('USDT'), REFERRER.address)).toBe(usdtBefore)
  }, 180_000)
})
