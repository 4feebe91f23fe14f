import { describe, expect, it } from 'vitest'
import { minimumReceived, priceImpactBps } from './SwapPage.tsx'

describe('swap figures', () => {
  it('floors the minimum received after slippage', () => {
    expect(minimumReceived(1_000n, 100)).toBe(990n)
    expect(minimumReceived(999n, 50)).toBe(994n)
    expect(minimumReceived(0n, 100)).toBe(0n)
  })

  it('measures the price impact against the pool price before the trade', () => {
    // Uniswap V2 with its 0.3 % fee: 10 in on 1,000/1,000 gives 9 out -> 10 % worse than the pool price.
    expect(priceImpactBps(10n, 1_000n, 1_000n, 9n)).toBe(1_000)
    expect(priceImpactBps(1n * 10n ** 18n, 10n ** 24n, 2n * 10n ** 24n, 1_993_996_023_971_928_199n)).toBe(30)
    expect(priceImpactBps(0n, 1n, 1n, 0n)).toBe(0)
    expect(priceImpactBps(5n, 0n, 1n, 0n)).toBe(0)
  })
})
