import { describe, expect, it } from 'vitest'
import { quoteSwap } from '@nexus/sdk'
import { zeroAddress } from 'viem'
import type { Address } from 'viem'
import { DEADLINE_SECONDS, DEFAULT_SLIPPAGE, savedSlippage, swapModel } from './swapModel.ts'
import type { SwapInput, SwapReads, TokenConfig } from './swapModel.ts'

const E18 = 10n ** 18n
const router = '0x0000000000000000000000000000000000000101' as Address
const usdt = '0x0000000000000000000000000000000000000102' as Address
const nex = '0x0000000000000000000000000000000000000103' as Address
const account = '0x0000000000000000000000000000000000000201' as Address

const config = (over: Partial<TokenConfig> = {}): TokenConfig => ({
  startBlock: 0n,
  openTime: 0n,
  buyRate: 300n,
  addPoolRate: 200n,
  feeUSDT: 200n,
  feeNex: 100n,
  autoSwapMin: 0n,
  burnTime: 0n,
  burnMin: 0n,
  dividendGas: 0n,
  burnReward: 0n,
  sendMin: 0n,
  whiteTime: 0n,
  market: zeroAddress,
  swapPair: zeroAddress,
  burn: zeroAddress,
  nft: zeroAddress,
  distributor: zeroAddress,
  ido: zeroAddress,
  ...over,
})

// the pair holds 10,000 NEX (token0) and 1,000 USDT: 1 USDT buys about 10 NEX
const reads = (over: SwapReads = {}): SwapReads => ({
  usdtBalance: 500n * E18,
  nexBalance: 2_000n * E18,
  reserves: [10_000n * E18, 1_000n * E18, 0],
  token0: nex,
  config: config(),
  exempt: false,
  ...over,
})

const input = (over: Partial<SwapInput> = {}): SwapInput => ({
  account,
  router,
  usdt,
  nex,
  reads: reads(),
  fromUsdt: true,
  input: '',
  slippageBps: 100,
  pairFeeBps: 30,
  chainNow: 1_000_000,
  deviceNow: 2_000_000,
  ...over,
})

describe('the saved slippage', () => {
  it('is kept when it is a whole number of basis points below 50%, else the default', () => {
    expect(savedSlippage('300')).toBe(300)
    for (const saved of [null, '', '0', '-5', '12.5', '5000', 'abc'])
      expect(savedSlippage(saved)).toBe(DEFAULT_SLIPPAGE)
  })
})

describe('the quote', () => {
  it('buys NEX with USDT at the pair’s reserves in that direction, net of the buy fee', () => {
    const model = swapModel(input({ input: '10' }))
    expect(model.symbolIn).toBe('USDT')
    expect(model.symbolOut).toBe('NEX')
    expect(model.feePercent).toBe(3)
    expect(model.quote).toEqual(
      quoteSwap({
        side: 'buy',
        amountIn: 10n * E18,
        feeBps: [300n],
        reserveIn: 1_000n * E18,
        reserveOut: 10_000n * E18,
        pairFeeBps: 30,
        slippageBps: 100,
      }),
    )
    expect(model.rate).toBe(10n * E18)
    expect(model.balanceIn).toBe(500n * E18)
  })

  it('sells NEX for USDT with the three sell fees, each on its own', () => {
    const model = swapModel(input({ fromUsdt: false, input: '100', slippageBps: 300 }))
    expect(model.symbolIn).toBe('NEX')
    expect(model.feePercent).toBe(5)
    expect(model.quote).toEqual(
      quoteSwap({
        side: 'sell',
        amountIn: 100n * E18,
        feeBps: [200n, 200n, 100n],
        reserveIn: 10_000n * E18,
        reserveOut: 1_000n * E18,
        pairFeeBps: 30,
        slippageBps: 300,
      }),
    )
    expect(model.rate).toBe(E18 / 10n)
    expect(model.balanceIn).toBe(2_000n * E18)
  })

  it('charges no NEX fee to an exempt account', () => {
    const model = swapModel(input({ input: '10', reads: reads({ exempt: true }) }))
    expect(model.feePercent).toBe(0)
    expect(model.quote?.fee).toBe(0n)
  })

  it('is none for an empty, zero or unreadable amount, or before the pair and the fees are read', () => {
    for (const typed of ['', '0', 'abc', '1,5']) expect(swapModel(input({ input: typed })).quote).toBeUndefined()
    for (const missing of [
      { reserves: undefined },
      { token0: undefined },
      { config: undefined },
      { exempt: undefined },
    ]) {
      expect(swapModel(input({ input: '10', reads: reads(missing) })).quote).toBeUndefined()
    }
    expect(swapModel(input({ reads: {} })).rate).toBeUndefined()
  })

  it('reads full-width digits as typed by Chinese input methods', () => {
    expect(swapModel(input({ input: '１０' })).quote).toEqual(swapModel(input({ input: '10' })).quote)
  })

  it('warns above 5% price impact', () => {
    expect(swapModel(input({ input: '10' })).impactWarning).toBe(false)
    expect(swapModel(input({ input: '200' })).impactWarning).toBe(true)
  })
})

describe('the swap', () => {
  it('needs a wallet and checks the amount against the balance paid from', () => {
    expect(swapModel(input()).canSwap).toBe(true)
    expect(swapModel(input({ account: undefined })).canSwap).toBe(false)
    expect(swapModel(input({ input: '10' })).swap.amount).toEqual({ input: '10', rules: { balance: 500n * E18 } })
    expect(swapModel(input({ account: undefined, input: '10' })).swap.amount?.rules?.balance).toBeUndefined()
  })

  it('approves the token paid to the router and swaps for at least the minimum, to the account', () => {
    const model = swapModel(input({ input: '10' }))
    expect(model.swap.spend).toEqual({ token: usdt, spender: router })
    expect(model.swap.check?.(10n * E18)).toBeUndefined()
    expect(model.swap.request(10n * E18)).toMatchObject({
      address: router,
      functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
      args: [10n * E18, model.quote?.minimumOut, [usdt, nex], account, BigInt(1_000_000 + DEADLINE_SECONDS)],
    })
    expect(model.swap.success?.message).toBe('Swapped')
    expect(swapModel(input({ fromUsdt: false })).swap.spend).toEqual({ token: nex, spender: router })
  })

  it('counts the deadline from the device clock while the chain time is unknown', () => {
    const request = swapModel(input({ input: '10', chainNow: undefined })).swap.request(10n * E18)
    expect(request.args?.[4]).toBe(BigInt(2_000_000 + DEADLINE_SECONDS))
  })

  it('is refused without a quote, and when the quote or its minimum shows as 0', () => {
    expect(swapModel(input({ input: '10', reads: reads({ reserves: undefined }) })).swap.check?.(1n)?.message).toBe(
      'No quote for this amount yet',
    )
    // 0.0000001 USDT buys about 0.000001 NEX: it shows as 0
    const tiny = swapModel(input({ input: '0.0000001' }))
    expect(tiny.quote?.amountOut).toBeGreaterThan(0n)
    expect(tiny.swap.check?.(10n ** 11n)?.message).toBe(
      'You would receive nothing for this amount: enter a larger amount',
    )
    // an empty pair quotes nothing at all
    const empty = swapModel(input({ input: '10', reads: reads({ reserves: [0n, 0n, 0] }) }))
    expect(empty.swap.check?.(10n * E18)?.message).toBe(
      'You would receive nothing for this amount: enter a larger amount',
    )
  })
})
