import { describe, expect, it } from 'vitest'
import { roundPhase } from './stakeModel.ts'

describe('stake round phase', () => {
  const round = { idoMax: 100n, idoTotal: 40n, startTime: 1_000n }
  it('names past and full rounds filled, later ones next, and the current one by its start', () => {
    expect(roundPhase(0n, 1n, round, 2_000)).toBe('filled')
    expect(roundPhase(1n, 1n, { ...round, idoTotal: 100n }, 2_000)).toBe('filled')
    expect(roundPhase(2n, 1n, round, 2_000)).toBe('next')
    expect(roundPhase(1n, 1n, round, 999)).toBe('upcoming')
    expect(roundPhase(1n, 1n, round, 1_000)).toBe('open')
  })
})
