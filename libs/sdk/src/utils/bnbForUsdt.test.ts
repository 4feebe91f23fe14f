import { describe, expect, it } from 'vitest'
import { bnbForUsdt } from './bnbForUsdt.ts'

const E18 = 10n ** 18n

describe('bnbForUsdt', () => {
  it('asks enough BNB to cover the payment after the slippage, rounded up', () => {
    const bnb = bnbForUsdt(100n * E18, 500n * E18, 300n)
    // 100 USDT at 500 USDT/BNB is 0.2 BNB; filled 3 % below the TWAP it must be 0.2 / 0.97.
    expect(bnb).toBe(206_185_567_010_309_279n)
    expect((bnb * 500n * E18 * 9_700n) / (E18 * 10_000n)).toBeGreaterThanOrEqual(100n * E18)
    expect(bnbForUsdt(100n * E18, 500n * E18, 0n)).toBe(E18 / 5n)
  })

  it('gives nothing without a price, an amount or with a full slippage', () => {
    expect(bnbForUsdt(0n, 500n, 300n)).toBe(0n)
    expect(bnbForUsdt(100n, 0n, 300n)).toBe(0n)
    expect(bnbForUsdt(100n, 500n, 10_000n)).toBe(0n)
    expect(bnbForUsdt(100n, 500n, -1n)).toBe(0n)
  })
})
