import { describe, expect, it } from 'vitest'
import { PLAN } from './BurnPage.tsx'
import { bnbForOrder, tokensForUsdt } from './burnQuote.ts'

const E18 = 10n ** 18n

describe('burn quote', () => {
  it('asks enough BNB to cover the order after the slippage, rounded up', () => {
    const bnb = bnbForOrder(100n * E18, 500n * E18, 300n)
    // 100 USDT at 500 USDT/BNB is 0.2 BNB; filled 3 % below the TWAP it must be 0.2 / 0.97.
    expect(bnb).toBe(206_185_567_010_309_279n)
    expect((bnb * 500n * E18 * 9_700n) / (E18 * 10_000n)).toBeGreaterThanOrEqual(100n * E18)
    expect(bnbForOrder(100n * E18, 500n * E18, 0n)).toBe(E18 / 5n)
  })

  it('gives nothing without a price, an amount or with a full slippage', () => {
    expect(bnbForOrder(0n, 500n, 300n)).toBe(0n)
    expect(bnbForOrder(100n, 0n, 300n)).toBe(0n)
    expect(bnbForOrder(100n, 500n, 10_000n)).toBe(0n)
  })

  it('estimates the NEX an order counts from the two TWAP views', () => {
    expect(tokensForUsdt(100n, 500n, 2_000n)).toBe(400n)
    expect(tokensForUsdt(100n, 0n, 2_000n)).toBe(0n)
  })

  it('keeps the plan text of the spec', () => {
    expect(PLAN.map((line) => line.message)).toEqual([
      '15 keys synthesize a syndicate',
      '50% community dividends',
      '1.5 times fee yield',
      'forced redemption after 30 days',
    ])
  })
})
