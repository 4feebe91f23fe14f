import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidSwapQuoteError } from '../errors/swap.ts'
import { quoteSwap } from './quoteSwap.ts'

const e18 = 10n ** 18n
/** Uniswap V2's getAmountOut (UniswapV2Library), the formula the local router applies. */
const uniswapOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

describe('quoteSwap', () => {
  it('takes a sell fee from what the pair receives, each rate floored on its own', () => {
    const quote = quoteSwap({
      side: 'sell',
      amountIn: 100n * e18 + 7n,
      feeBps: [200, 200, 100],
      reserveIn: 1_000n * e18,
      reserveOut: 2_000n * e18,
    })
    const fee = (((100n * e18 + 7n) * 200n) / 10_000n) * 2n + ((100n * e18 + 7n) * 100n) / 10_000n
    expect(quote.fee).toBe(fee)
    expect(quote.pairAmountIn).toBe(100n * e18 + 7n - fee)
    expect(quote.pairAmountOut).toBe(uniswapOut(quote.pairAmountIn, 1_000n * e18, 2_000n * e18))
    expect(quote.amountOut).toBe(quote.pairAmountOut)
    expect(quote.minimumOut).toBe((quote.amountOut * 9_900n) / 10_000n)
  })

  it('takes a buy fee from what the pair sends', () => {
    const quote = quoteSwap({
      side: 'buy',
      amountIn: 100n * e18,
      feeBps: [300n],
      reserveIn: 2_000n * e18,
      reserveOut: 1_000n * e18,
      slippageBps: 50,
    })
    expect(quote.pairAmountIn).toBe(100n * e18)
    expect(quote.pairAmountOut).toBe(uniswapOut(100n * e18, 2_000n * e18, 1_000n * e18))
    expect(quote.fee).toBe((quote.pairAmountOut * 300n) / 10_000n)
    expect(quote.amountOut).toBe(quote.pairAmountOut - quote.fee)
    expect(quote.minimumOut).toBe((quote.amountOut * 9_950n) / 10_000n)
    // 100 into 2,000: about 4.75 % worse than the pool price (0.3 % of it the pair's fee).
    expect(quote.priceImpactBps).toBe(503)
  })

  it('charges nothing to an exempt account (no rates) and applies PancakeSwap’s 0.25 %', () => {
    const quote = quoteSwap({
      side: 'sell',
      amountIn: 10n,
      feeBps: [],
      reserveIn: 1_000n,
      reserveOut: 1_000n,
      pairFeeBps: 25,
    })
    expect(quote).toMatchInlineSnapshot(`
      {
        "amountOut": 9n,
        "fee": 0n,
        "minimumOut": 8n,
        "pairAmountIn": 10n,
        "pairAmountOut": 9n,
        "priceImpactBps": 1000,
      }
    `)
  })

  it('quotes nothing for an empty pair or a zero amount', () => {
    expect(quoteSwap({ side: 'buy', amountIn: 5n, feeBps: [300], reserveIn: 0n, reserveOut: 0n }).amountOut).toBe(0n)
    expect(quoteSwap({ side: 'sell', amountIn: 0n, feeBps: [300], reserveIn: 9n, reserveOut: 9n }).amountOut).toBe(0n)
  })

  it.each([
    { amountIn: -1n },
    { reserveIn: -1n },
    { feeBps: [10_001] },
    { feeBps: [-1] },
    { pairFeeBps: 10_001 },
    { slippageBps: -5 },
  ])('refuses %o', (change) => {
    const base = { side: 'sell' as const, amountIn: 1n, feeBps: [100], reserveIn: 1n, reserveOut: 1n }
    expect(() => quoteSwap({ ...base, ...change })).toThrowError(InvalidSwapQuoteError)
  })

  it('never quotes more than the pair holds, and the minimum never exceeds the net output', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 30n })
    const reserve = fc.bigInt({ min: 1n, max: 10n ** 30n })
    const rate = fc.integer({ min: 0, max: 2_500 })
    fc.assert(
      fc.property(
        fc.boolean(),
        amount,
        reserve,
        reserve,
        fc.array(rate, { maxLength: 3 }),
        fc.integer({ min: 0, max: 5_000 }),
        (buy, amountIn, reserveIn, reserveOut, feeBps, slippageBps) => {
          const quote = quoteSwap({ side: buy ? 'buy' : 'sell', amountIn, feeBps, reserveIn, reserveOut, slippageBps })
          expect(quote.pairAmountOut).toBeLessThan(reserveOut)
          expect(quote.amountOut).toBeLessThanOrEqual(quote.pairAmountOut)
          expect(quote.minimumOut).toBeLessThanOrEqual(quote.amountOut)
          expect(quote.pairAmountIn + (buy ? 0n : quote.fee)).toBe(amountIn)
          expect(quote.priceImpactBps).toBeGreaterThanOrEqual(0)
          expect(quote.priceImpactBps).toBeLessThanOrEqual(10_000)
        },
      ),
    )
  })
})
