import { describe, expect, it } from 'vitest'
import { stakeMinReward } from './stakeMinReward.ts'

const E18 = 10n ** 18n

describe('stakeMinReward', () => {
  it('asks for the reward on the terms shown, less the tolerance', () => {
    // 1,000 USDT at a 150 % reward cap is 1,500 USDT of reward; at 10 NEX per USDT 15,000 NEX; less 1 %.
    expect(stakeMinReward(1_000n * E18, 15_000n, 10n * E18, 100n)).toBe(14_850n * E18)
    expect(stakeMinReward(1_000n * E18, 15_000n, 10n * E18, 0n)).toBe(15_000n * E18)
    expect(stakeMinReward(1_000n * E18, 15_000n, 10n * E18)).toBe(14_850n * E18)
  })

  it('is no minimum without an amount, a rate, a price, or with a full tolerance', () => {
    expect(stakeMinReward(0n, 15_000n, E18)).toBe(0n)
    expect(stakeMinReward(E18, 0n, E18)).toBe(0n)
    expect(stakeMinReward(E18, 15_000n, 0n)).toBe(0n)
    expect(stakeMinReward(E18, 15_000n, E18, 10_000n)).toBe(0n)
    expect(stakeMinReward(E18, 15_000n, E18, -1n)).toBe(0n)
  })
})
