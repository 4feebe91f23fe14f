import type { Page } from 'playwright-core'
import { fomoAbi } from '@nexus/abi'
import { createTestClient, erc20Abi, http } from 'viem'
import type { Abi, Address } from 'viem'
import { expect } from 'vitest'
import { chainClients, contract, hdAccount, send } from './chain.ts'
import { watchAwaiting } from './session.ts'

/**
 * The accounts of the staking, FOM and mining browser tests: HD indexes 120..139 of the development mnemonic,
 * given to these tests (the seed uses 10..45, the other browser tests 0..9).
 */
export const POOL_ACCOUNT = (index: number): Address => {
  if (index < 120 || index > 139) throw new Error(`HD index ${index} is not one of the pool tests' (120..139)`)
  return hdAccount(index)
}

function testClient(rpcUrl: string) {
  return createTestClient({ mode: 'hardhat', transport: http(rpcUrl) })
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

/** Reads `functionName` of the FOM pool `pool` (Fomo or SuperFomo) on the local chain, typed by the caller. */
export function readPool<T>(
  rpcUrl: string,
  pool: 'Fomo' | 'SuperFomo',
  functionName: string,
  args: readonly unknown[] = [],
): Promise<T> {
  return chainClients(rpcUrl).public.readContract({
    address: contract(pool),
    abi: fomoAbi as Abi,
    functionName,
    args,
  }) as Promise<T>
}
