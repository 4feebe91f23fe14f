import { describe, expect, it } from 'vitest'
import {
  allowedRange,
  doubleShortOfLine,
  doubleVested,
  duration,
  fomoOrderState,
  miningStakeState,
  multiplier,
  percent,
  secondsUntil,
  stakeRecordState,
  WINNER_SHARES_BPS,
} from './recordFormat.ts'

const units = { d: 'd', h: 'h', m: 'min', s: 's' }

describe('pool figures', () => {
  it('shows basis points as percentages without trailing zeros', () => {
    expect(percent(1_500n)).toBe('15%')
    expect(percent(250n)).toBe('2.5%')
    expect(percent(12_345n)).toBe('123.45%')
    expect(percent(5n)).toBe('0.05%')
    expect(percent(0n)).toBe('0%')
    expect(percent(undefined)).toBe('—')
    expect(WINNER_SHARES_BPS.map(percent)).toEqual(['50%', '20%', '15%', '10%', '5%'])
  })

  it('shows force multipliers', () => {
    expect(multiplier(10_000n)).toBe('1×')
    expect(multiplier(12_500n)).toBe('1.25×')
    expect(multiplier(30_000n)).toBe('3×')
    expect(multiplier(11_000n)).toBe('1.1×')
    expect(multiplier(undefined)).toBe('—')
  })

  it('writes durations with the largest units first and leaves zero units out', () => {
    expect(duration(3_600n, units)).toBe('1h')
    expect(duration(1_800, units)).toBe('30min')
    expect(duration(90_061n, units)).toBe('1d 1h 1min 1s')
    expect(duration(0n, units)).toBe('0s')
    expect(duration(undefined, units)).toBe('—')
  })

  it('counts down to a chain time and never below zero', () => {
    expect(secondsUntil(1_000n, 400)).toBe(600)
    expect(secondsUntil(1_000n, 1_500)).toBe(0)
    expect(secondsUntil(0n, 400)).toBe(0)
    expect(secondsUntil(1_000n, undefined)).toBe(0)
  })

  it('names the states of FOM orders, mining stakes and stake records by the chain time', () => {
    expect(fomoOrderState(1n, 1_000n, 999)).toBe('locked')
    expect(fomoOrderState(1n, 1_000n, 1_000)).toBe('unlocked')
    expect(fomoOrderState(2n, 1_000n, 10)).toBe('unlocked')
    expect(fomoOrderState(3n, 1_000n, 10)).toBe('completed')
    expect(fomoOrderState(4n, 1_000n, 10)).toBe('forced')
    expect(fomoOrderState(0n, 1_000n, 10)).toBeUndefined()
    expect(miningStakeState(1n, 50n, 49)).toBe('locked')
    expect(miningStakeState(1n, 50n, 50)).toBe('unlocked')
    expect(miningStakeState(3n, 50n, 10)).toBe('completed')
    expect(stakeRecordState(true, 100n, 99)).toBe('locked')
    expect(stakeRecordState(true, 100n, 100)).toBe('unlocked')
    expect(stakeRecordState(false, 100n, 10)).toBe('completed')
  })

  it('takes the allowed range from the smallest limit, with a minimum of at least 1', () => {
    expect(allowedRange(100n, [1_000n, 400n])).toEqual({ min: 100n, max: 400n })
    expect(allowedRange(0n, [5n])).toEqual({ min: 1n, max: 5n })
    expect(allowedRange(10n, [-3n])).toEqual({ min: 10n, max: 0n })
    expect(allowedRange(undefined, [5n])).toBeUndefined()
    expect(allowedRange(1n, [undefined])).toBeUndefined()
  })
})

describe('doubleVested', () => {
  it('vests the reward linearly between start and end, as Double does', () => {
    const record = { reward: 200n, startTime: 100n, endTime: 200n }
    expect(doubleVested(record, undefined)).toBeUndefined()
    expect(doubleVested(record, 50)).toBe(0n)
    expect(doubleVested(record, 125)).toBe(50n)
    expect(doubleVested(record, 199.9)).toBe(198n)
    expect(doubleVested(record, 300)).toBe(200n)
  })
})

describe('doubleShortOfLine', () => {
  it('is what the pool lacks to pay the older records and this one in full, never below 0', () => {
    expect(doubleShortOfLine({ owedAhead: 300n, owedSelf: 200n, held: 450n })).toBe(50n)
    expect(doubleShortOfLine({ owedAhead: 300n, owedSelf: 200n, held: 500n })).toBe(0n)
    expect(doubleShortOfLine({ owedAhead: 0n, owedSelf: 200n, held: 1_000n })).toBe(0n)
  })
})
