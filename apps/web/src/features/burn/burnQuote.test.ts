import { describe, expect, it } from 'vitest'
import { PLAN } from './BurnPage.tsx'
import { tokensForUsdt } from './burnQuote.ts'

describe('burn quote', () => {
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
