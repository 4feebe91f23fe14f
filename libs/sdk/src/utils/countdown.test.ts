import { describe, expect, it } from 'vitest'
import { InvalidTimestampError } from '../errors/time.ts'
import { countdown } from './countdown.ts'

describe('countdown', () => {
  it.each([
    [1_700_000_000n, 1_699_909_002, { days: '01', hours: '01', minutes: '16', seconds: '38', total: 90_998 }],
    [100, 99, { days: '00', hours: '00', minutes: '00', seconds: '01', total: 1 }],
    [3600, 0, { days: '00', hours: '01', minutes: '00', seconds: '00', total: 3600 }],
    [86_399, 0, { days: '00', hours: '23', minutes: '59', seconds: '59', total: 86_399 }],
    [120 * 86_400 + 5, 0, { days: '120', hours: '00', minutes: '00', seconds: '05', total: 10_368_005 }],
  ])('counts down to %s from %s', (target, now, expected) => {
    expect(countdown(target, now)).toEqual({ ...expected, done: false })
  })

  it.each([
    [100, 100],
    [100, 101],
    [0n, 1_700_000_000n],
  ])('is all zeros once %s has passed (now %s)', (target, now) => {
    expect(countdown(target, now)).toEqual({
      days: '00',
      hours: '00',
      minutes: '00',
      seconds: '00',
      total: 0,
      done: true,
    })
  })

  it('takes Dates and floors them to the second', () => {
    expect(countdown(new Date('2025-01-02T00:00:00Z'), new Date('2025-01-01T23:59:58.900Z'))).toMatchObject({
      seconds: '02',
      total: 2,
    })
  })

  it('counts down to now by default', () => {
    const target = Math.floor(Date.now() / 1000) + 3600
    const { hours, total, done } = countdown(target)
    expect(total).toBeGreaterThan(3590)
    expect(total).toBeLessThanOrEqual(3600)
    expect([hours, done]).toEqual([total === 3600 ? '01' : '00', false])
  })

  it('rejects invalid times', () => {
    expect(() => countdown(Number.NaN, 0)).toThrowError(InvalidTimestampError)
    expect(() => countdown(new Date('nope'), 0)).toThrowError(InvalidTimestampError)
  })
})
