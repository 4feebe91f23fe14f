import { describe, expect, it } from 'vitest'
import { formatCountdown } from './formatCountdown.ts'

describe('formatCountdown', () => {
  it('splits seconds into zero-padded days, hours, minutes and seconds', () => {
    expect(formatCountdown(90_061)).toEqual({ days: '01', hours: '01', minutes: '01', seconds: '01' })
    expect(formatCountdown(59)).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '59' })
    expect(formatCountdown(86_399)).toEqual({ days: '00', hours: '23', minutes: '59', seconds: '59' })
  })

  it('keeps more than 99 days intact', () => {
    expect(formatCountdown(123 * 86_400 + 5)).toEqual({ days: '123', hours: '00', minutes: '00', seconds: '05' })
  })

  it('floors fractions and accepts bigint', () => {
    expect(formatCountdown(61.9).seconds).toBe('01')
    expect(formatCountdown(3_600n)).toEqual({ days: '00', hours: '01', minutes: '00', seconds: '00' })
  })

  it('shows zeros once passed or for nonsense input', () => {
    const zeros = { days: '00', hours: '00', minutes: '00', seconds: '00' }
    expect(formatCountdown(-1)).toEqual(zeros)
    expect(formatCountdown(-10n)).toEqual(zeros)
    expect(formatCountdown(Number.NaN)).toEqual(zeros)
    expect(formatCountdown(0)).toEqual(zeros)
  })
})
