import { burnAbi, idoAbi, priceOracleAbi } from '@nexus/abi'
import { formatAmount, nexPaymentMax } from '@nexus/sdk'
import { decodeFunctionData, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { waitForPage } from './lib/browser.ts'
import { balanceOf, chainClients, contract, prepareTestAccount } from './lib/chain.ts'
import { ensureIdoRoundInProgress } from './lib/ido.ts'
import { openConnected } from './lib/session.ts'
import { POOL_ACCOUNT, refused, transact } from './lib/web3Pools.ts'
import { baseUrl, rpcUrl, useBrowser } from './lib/fixture.ts'

// Minting in BNB (`Ido.ido`), burn orders through the minting contract (`Ido.burn`, USDT and BNB) and the rounds on
// /ido.
const MINTER = POOL_ACCOUNT(131)
const NEX_MINTER = POOL_ACCOUNT(139)
const browser = useBrowser()

const read = <T>(
  address: `0x${string}`,
  abi: typeof idoAbi | typeof burnAbi | typeof priceOracleAbi,
  functionName: string,
  args: unknown[] = [],
) => chainClients(rpcUrl).public.readContract({ address, abi, functionName, args } as never) as Promise<T>

beforeAll(async () => {
  await prepareTestAccount(rpcUrl, MINTER, { usdt: parseEther('2000') })
  await prepareTestAccount(rpcUrl, NEX_MINTER, { nex: parseEther('100000') })
})

/** Home (`/`) in English as `account`, once Ido's current round is in progress and shown so. */
async function openMinting(account: `0x${string}`) {
  await ensureIdoRoundInProgress(rpcUrl)
  const opened = await openConnected(browser, baseUrl, { rpcUrl, account, path: '/', storage: { lang: 'en' } })
  await waitForPage(opened.page, '/')
  await opened.page.locator('[data-testid="round-status"][data-status="inProgress"]').waitFor({ timeout: 15_000 })
  return opened
}

describe('minting', () => {
  it('mints one unit paid in BNB, and places burn orders through the minting contract in USDT and in BNB', async () => {
    const Ido = contract('Ido')
    const { page, problems, context } = await openMinting(MINTER)
    const before = await read<{ counts: bigint; amount: bigint }>(Ido, idoAbi, 'users', [MINTER])
    const bnbBefore = await chainClients(rpcUrl).public.getBalance({ address: MINTER })
    // Every form starts empty, and its preview describes what the field holds: no cost yet.
    expect(await page.getByTestId('mint-times').inputValue()).toBe('')
    expect(await page.getByTestId('ido-burn-times').inputValue()).toBe('')
    await expect.poll(() => page.getByTestId('mint-cost').textContent(), { timeout: 15_000 }).toMatch(/^Cost: — USDT/)
    expect(await page.getByTestId('ido-burn-cost').textContent()).toMatch(/^Order value: — USDT/)
    await page.getByTestId('pay-BNB').click()
    // Bad input is refused before the wallet is asked.
    await page.getByTestId('mint-times').fill('abc')
    await refused(page, page.getByTestId('mint-submit'), /./)
    // Full-width digits (a Chinese input method) are the same count.
    await page.getByTestId('mint-times').fill('１')
    await expect
      .poll(() => page.getByTestId('mint-cost').textContent(), { timeout: 15_000 })
      .toMatch(/You send [\d.]+ BNB/)
    await transact(page, 'mint-submit', 'Minted')
    const after = await read<{ counts: bigint; amount: bigint }>(Ido, idoAbi, 'users', [MINTER])
    expect(after.counts - before.counts).toBe(1n)
    expect(await chainClients(rpcUrl).public.getBalance({ address: MINTER })).toBeLessThan(bnbBefore)

    // A burn order through Ido, paid in USDT (approved to Ido first).
    const Burn = contract('Burn')
    const config = await read<{ burnEvery: bigint }>(Burn, burnAbi, 'getConfig')
    const ordersBefore = (await read<{ orders: bigint }>(Burn, burnAbi, 'users', [MINTER])).orders
    const usdtBefore = await balanceOf(rpcUrl, contract('USDT'), MINTER)
    await page.getByTestId('ido-burn-times').fill('1')
    await transact(page, 'ido-burn-submit', 'Burn order placed')
    expect(usdtBefore - (await balanceOf(rpcUrl, contract('USDT'), MINTER))).toBe(config.burnEvery)
    expect((await read<{ orders: bigint }>(Burn, burnAbi, 'users', [MINTER])).orders).toBe(ordersBefore + 1n)

    // More units than Burn still takes (its burnSurplus, read from the chain): refused before the wallet is asked.
    const surplus = (await read<{ burnSurplus: bigint }>(Burn, burnAbi, 'getConfig')).burnSurplus
    await page.getByTestId('ido-burn-times').fill(String(surplus + 1n))
    await refused(page, page.getByTestId('ido-burn-submit'), 'Exceeds the maximum')

    // And paid in BNB (Ido.burn(times, true)): the Burn contract swaps it to USDT, the order is worth burnEvery.
    await page.getByTestId('ido-burn-pay-BNB').click()
    await page.getByTestId('ido-burn-times').fill('1')
    await expect
      .poll(() => page.getByTestId('ido-burn-cost').textContent(), { timeout: 15_000 })
      .toMatch(/^You send [\d.]+ BNB for [\d,.]+ USDT/)
    const bnbBeforeBurn = await chainClients(rpcUrl).public.getBalance({ address: MINTER })
    await transact(page, 'ido-burn-submit', 'Burn order placed')
    const user = await read<{ orders: bigint }>(Burn, burnAbi, 'users', [MINTER])
    expect(user.orders).toBe(ordersBefore + 2n)
    expect(await chainClients(rpcUrl).public.getBalance({ address: MINTER })).toBeLessThan(bnbBeforeBurn)
    const totals = await read<{ totalOrder: bigint }>(Burn, burnAbi, 'totalInfo')
    const order = await read<{ owner: string; isBNB: boolean; amount: bigint }>(Burn, burnAbi, 'orders', [
      totals.totalOrder,
    ])
    expect(order.owner).toBe(MINTER)
    expect(order.isBNB).toBe(true)
    expect(order.amount).toBe(config.burnEvery)
    expect(problems.list).toEqual([])
    await context.close()
  })

  it("mints paid in NEX at the minting contract's average price, showing the most it may charge and never charging more", async () => {
    const Ido = contract('Ido')
    const { page, problems, context } = await openMinting(NEX_MINTER)
    await page.getByTestId('pay-NEX').click()
    await page.getByTestId('mint-times').fill('2')
    // the quote is what Ido's own NEX oracle values two units at now; the bound is the quote and its room
    const config = await read<{ idoAmount: bigint }>(Ido, idoAbi, 'getConfig')
    const addresses = await read<{ nexOracle: `0x${string}`; usdt: `0x${string}` }>(Ido, idoAbi, 'getAddresses')
    const perUnit = await read<bigint>(addresses.nexOracle, priceOracleAbi, 'consult', [
      addresses.usdt,
      config.idoAmount,
    ])
    const quote = 2n * perUnit
    const bound = nexPaymentMax({ quote, units: 2n })
    expect(bound).toBe((quote * 10_200n + 9_999n) / 10_000n + 2n)
    const shown = (value: bigint) => formatAmount(value, 18, 4)
    await expect
      .poll(() => page.getByTestId('mint-cost').textContent(), { timeout: 15_000 })
      .toContain(`about ${shown(quote)} NEX`)
    expect(await page.getByTestId('mint-cost').textContent()).toContain(`at most ${shown(bound)} NEX`)
    const nexBefore = await balanceOf(rpcUrl, contract('Token'), NEX_MINTER)
    const before = await read<{ amountNEX: bigint }>(Ido, idoAbi, 'users', [NEX_MINTER])
    const fromBlock = await chainClients(rpcUrl).public.getBlockNumber()
    await transact(page, 'mint-submit', 'Minted')
    const charged = nexBefore - (await balanceOf(rpcUrl, contract('Token'), NEX_MINTER))
    expect((await read<{ amountNEX: bigint }>(Ido, idoAbi, 'users', [NEX_MINTER])).amountNEX - before.amountNEX).toBe(
      charged,
    )
    expect(charged).toBeGreaterThan(0n)
    expect(charged).toBeLessThanOrEqual(bound)
    // the wallet was asked for mint(2, false, bound): the contract refuses to charge above it
    const client = chainClients(rpcUrl).public
    const [minted] = await client.getContractEvents({
      address: Ido,
      abi: idoAbi,
      eventName: 'Minted',
      args: { account: NEX_MINTER },
      fromBlock: fromBlock + 1n,
    })
    if (!minted) throw new Error('the NEX mint emitted no Minted event')
    expect(minted.args.amountNEX).toBe(charged)
    const sent = await client.getTransaction({ hash: minted.transactionHash })
    const call = decodeFunctionData({ abi: idoAbi, data: sent.input })
    expect(call.functionName).toBe('mint')
    expect(call.args).toEqual([2n, false, bound])
    expect(problems.list).toEqual([])
    await context.close()
  })

  it('/ido lists the rounds with units for sale, sold, start and state', async () => {
    const Ido = contract('Ido')
    const config = await read<{ round: bigint; idoHas: bigint; idoMax: bigint }>(Ido, idoAbi, 'getConfig')
    const { page, problems, context } = await openConnected(browser, baseUrl, {
      rpcUrl,
      account: MINTER,
      path: '/ido',
      storage: { lang: 'en' },
    })
    await waitForPage(page, '/ido')
    const row = page.locator(`[data-testid="ido-round"][data-round="${config.round}"]`)
    await row.waitFor({ timeout: 15_000 })
    await expect.poll(() => row.getByTestId('ido-round-sold').textContent()).toBe(config.idoHas.toLocaleString('en'))
    expect(await row.getByTestId('ido-round-state').textContent()).toMatch(/In progress|Sold out/)
    expect(await page.getByTestId('ido-round').count()).toBeGreaterThanOrEqual(Number(config.round) + 1)
    expect(problems.list).toEqual([])
    await context.close()
  })
})
