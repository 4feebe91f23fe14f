import { describe, expect, it } from 'vitest'
import { InvalidSwapQuoteError } from '../errors/swap.ts'
import { fomoMinUsdt } from './fomoMinUsdt.ts'

const E18 = 10n ** 18n

describe('fomoMinUsdt', () => {
  it("asks for the pair's output for the NEX paid, less the tolerance", () => {
    // 1,000 NEX into 1,000,000 NEX / 100,000 USDT at 0.3 %: 997 * 100,000 / 1,000,997 = 99.6006… USDT
    const out = (1_000n * E18 * 9_970n * 100_000n * E18) / (1_000_000n * E18 * 10_000n + 1_000n * E18 * 9_970n)
    const pair = { nexIn: 1_000n * E18, reserveNex: 1_000_000n * E18, reserveUsdt: 100_000n * E18 }
    expect(fomoMinUsdt({ ...pair, toleranceBps: 0 })).toBe(out)
    expect(fomoMinUsdt(pair)).toBe((out * 9_900n) / 10_000n)
    expect(fomoMinUsdt({ ...pair, toleranceBps: 300 })).toBe((out * 9_700n) / 10_000n)
    // PancakeSwap's 0.25 % fee brings a little more
    expect(fomoMinUsdt({ ...pair, pairFeeBps: 25 })).toBeGreaterThan(fomoMinUsdt(pair))
  })

  it('is no minimum without NEX or reserves', () => {
    expect(fomoMinUsdt({ nexIn: 0n, reserveNex: E18, reserveUsdt: E18 })).toBe(0n)
    expect(fomoMinUsdt({ nexIn: E18, reserveNex: 0n, reserveUsdt: E18 })).toBe(0n)
    expect(fomoMinUsdt({ nexIn: E18, reserveNex: E18, reserveUsdt: 0n })).toBe(0n)
  })

  it('rejects a tolerance outside 0..10,000 basis points', () => {
    expect(() => fomoMinUsdt({ nexIn: E18, reserveNex: E18, reserveUsdt: E18, toleranceBps: 10_001 })).toThrow(
      InvalidSwapQuoteError,
    )
  })
})
