import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { createTestClient, erc20Abi, http, parseAbi, parseEther } from 'viem'
import type { Abi, Address, Hash } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { E2E_OWNER } from './accounts.ts'
import { webRoot } from './appServer.ts'
import { chainClients, contract, isRegistered } from './chain.ts'
import { watchAwaiting } from './session.ts'

/** Hardhat's public development mnemonic: test keys only. */
const MNEMONIC = 'test test test test test test test test test test test junk'

/**
 * The accounts of the staking, FOM and mining browser tests: HD indexes 120..139 of the development mnemonic,
 * given to these tests (the seed uses 10..45, the other browser tests 0..9).
 */
export const POOL_ACCOUNT = (index: number): Address => {
  if (index < 120 || index > 139) throw new Error(`HD index ${index} is not one of the pool tests' (120..139)`)
  return mnemonicToAccount(MNEMONIC, { addressIndex: index }).address
}

/** The screenshot folder of screenshots.e2e.test.ts (git-ignored, at the repository root). */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? join(webRoot, '..', '..', 'screenshots')

const mainAbi = parseAbi([
  'function register(address referrer)',
  'function users(address account) view returns (uint256 index, address referrer)',
  'function genesis() view returns (address)',
])
const usdtAbi = parseAbi(['function mint(address to, uint256 amount)'])

function testClient(rpcUrl: string) {
  return createTestClient({ mode: 'hardhat', transport: http(rpcUrl) })
}

async function send(rpcUrl: string, write: () => Promise<Hash>) {
  const receipt = await chainClients(rpcUrl).public.waitForTransactionReceipt({ hash: await write() })
  if (receipt.status !== 'success') throw new Error(`setup transaction ${receipt.transactionHash} reverted`)
}

/**
 * Makes the local node sign for `account` (impersonation, 100 BNB for gas), registers it in Main under `referrer`
 * (default: the genesis account) and tops it up to `usdt` USDT and `nex` NEX from the deployer. Idempotent, so a
 * re-run on the same chain works.
 */
export async function preparePoolAccount(
  rpcUrl: string,
  account: Address,
  { referrer, usdt = 0n, nex = 0n }: { referrer?: Address; usdt?: bigint; nex?: bigint } = {},
): Promise<void> {
  const test = testClient(rpcUrl)
  await test.impersonateAccount({ address: account })
  await test.setBalance({ address: account, value: parseEther('100') })
  const { public: client, wallet } = chainClients(rpcUrl)
  const Main = contract('Main')
  if (!(await isRegistered(rpcUrl, account))) {
    const parent = referrer ?? (await client.readContract({ address: Main, abi: mainAbi, functionName: 'genesis' }))
    await send(rpcUrl, () =>
      wallet.writeContract({
        account,
        chain: null,
        address: Main,
        abi: mainAbi,
        functionName: 'register',
        args: [parent],
      }),
    )
  }
  const USDT = contract('USDT')
  const Token = contract('Token')
  const usdtHeld = await client.readContract({
    address: USDT,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  })
  if (usdtHeld < usdt)
    await send(rpcUrl, () =>
      wallet.writeContract({
        account: E2E_OWNER,
        chain: null,
        address: USDT,
        abi: usdtAbi,
        functionName: 'mint',
        args: [account, usdt - usdtHeld],
      }),
    )
  const nexHeld = await client.readContract({
    address: Token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  })
  if (nexHeld < nex)
    await send(rpcUrl, () =>
      wallet.writeContract({
        account: E2E_OWNER,
        chain: null,
        address: Token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account, nex - nexHeld],
      }),
    )
}

/** Sends a transaction from an impersonated test account straight to the node (setup of other members). */
export async function writeAs(
  rpcUrl: string,
  account: Address,
  call: { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] },
): Promise<void> {
  const { wallet } = chainClients(rpcUrl)
  await send(rpcUrl, () =>
    wallet.writeContract({ account, chain: null, ...call } as Parameters<typeof wallet.writeContract>[0]),
  )
}

/** The latest block's time (Unix seconds). */
export async function chainTime(rpcUrl: string): Promise<bigint> {
  return (await chainClients(rpcUrl).public.getBlock()).timestamp
}

/**
 * Moves the chain's clock so that the next block is at least `until` (Unix seconds), and mines it. Every browser
 * test file shares the chain: callers move it only as far as they need.
 */
export async function moveChainTimeTo(rpcUrl: string, until: bigint): Promise<void> {
  const now = await chainTime(rpcUrl)
  if (until <= now) return
  const test = testClient(rpcUrl)
  await test.increaseTime({ seconds: Number(until - now) })
  await test.mine({ blocks: 1 })
}

/** Allowance of `owner` for `spender` on `token`. */
export function allowanceOf(rpcUrl: string, token: Address, owner: Address, spender: Address): Promise<bigint> {
  return chainClients(rpcUrl).public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender],
  })
}

/**
 * Clicks `testId` (or the given locator), then expects the AWAITING overlay to come and go and the success toast
 * `toastText`.
 */
export async function transact(page: Page, target: string | ReturnType<Page['locator']>, toastText: string) {
  const toast = page.getByRole('status').filter({ hasText: toastText })
  await toast.first().waitFor({ state: 'detached', timeout: 5_000 })
  const awaitingSeen = await watchAwaiting(page)
  await (typeof target === 'string' ? page.getByTestId(target) : target).click()
  await toast.first().waitFor({ timeout: 30_000 })
  expect(await awaitingSeen()).toBe(true)
  await page.getByRole('alertdialog', { name: 'AWAITING' }).waitFor({ state: 'detached', timeout: 10_000 })
}

/** Clicks `target` and expects a refusal toast containing `text`, without any transaction (no AWAITING overlay). */
export async function refused(page: Page, target: ReturnType<Page['locator']>, text: string | RegExp) {
  const awaitingSeen = await watchAwaiting(page)
  await target.click()
  await page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: 10_000 })
  expect(await awaitingSeen()).toBe(false)
}

/** A figure of a card (`Stat` with `testId`) as a number, thousands separators removed. */
export async function figure(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).locator('dd').textContent()) ?? ''
  return Number(text.replace(/[^\d.]/g, ''))
}

/** `value`, or a failed test naming what is missing. */
export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`)
  return value
}
