import { describe, expect, it } from 'vitest'
import { InvalidRoundsError } from '../errors/time.ts'
import { type RoundPhaseParameters, roundPhase } from './roundPhase.ts'

const rounds = [
  { start: 1_000n, end: 2_000n },
  { start: 3_000n, end: 4_000n },
  { start: 10_000n, end: 11_000n },
]

describe('roundPhase', () => {
  const options = { rounds, cooldown: 600, countdownWindow: 999 }
  it.each<[number, Partial<RoundPhaseParameters>, string, number | undefined, number | undefined, number | undefined]>(
    // now, extra options, phase, current index, next index, target
    [
      [0, {}, 'notStarted', undefined, 0, 1_000],
      [1, {}, 'countdown', undefined, 0, 1_000],
      [999, {}, 'countdown', undefined, 0, 1_000],
      [1_000, {}, 'inProgress', 0, 1, 2_000],
      [1_999, {}, 'inProgress', 0, 1, 2_000],
      [1_500, { soldOut: true }, 'ended', 0, 1, 3_000],
      [2_000, {}, 'cooldown', 0, 1, 3_000],
      [2_599, {}, 'cooldown', 0, 1, 3_000],
      [2_600, {}, 'countdown', 0, 1, 3_000],
      [3_000, {}, 'inProgress', 1, 2, 4_000],
      [4_000, {}, 'cooldown', 1, 2, 10_000],
      [5_000, {}, 'ended', 1, 2, 10_000],
      [9_000, {}, 'ended', 1, 2, 10_000],
      [9_001, {}, 'countdown', 1, 2, 10_000],
      [10_500, {}, 'inProgress', 2, undefined, 11_000],
      [11_000, {}, 'ended', 2, undefined, undefined],
      [99_999, {}, 'ended', 2, undefined, undefined],
    ],
  )('at %i (%o) is %s', (now, extra, phase, current, next, target) => {
    const result = roundPhase({ ...options, ...extra, now })
    expect(result.phase).toBe(phase)
    expect(result.current?.index).toBe(current)
    expect(result.next?.index).toBe(next)
    expect(result.target).toBe(target)
    expect(result.countdown.total).toBe(target === undefined ? 0 : target - now)
  })

  it('counts down before the first round by default (no countdown window, no cooldown)', () => {
    expect(roundPhase({ rounds, now: 0 }).phase).toBe('countdown')
    expect(roundPhase({ rounds, now: 2_000 }).phase).toBe('countdown')
  })

  it('is notStarted without rounds, and ignores unset (all-zero) rounds', () => {
    expect(roundPhase({ rounds: [], now: 5 })).toMatchObject({ phase: 'notStarted', next: undefined })
    const result = roundPhase({ rounds: [{ start: 0n, end: 0n }, ...rounds], now: 1_500 })
    expect(result).toMatchObject({ phase: 'inProgress', current: { index: 1, start: 1_000, end: 2_000 } })
  })

  it('previews the next round with its times', () => {
    expect(roundPhase({ rounds, now: 2_100 }).next).toEqual({ index: 1, start: 3_000, end: 4_000 })
  })

  it('serves FOM rounds built from a round index and end time', () => {
    // The FOM round game exposes only each round's end: a round runs from the previous end to its own.
    const ends = [1_700_000_000, 1_700_086_400]
    const fomRounds = ends.map((end, index) => ({ start: index === 0 ? end - 86_400 : (ends[index - 1] ?? 0), end }))
    const result = roundPhase({ rounds: fomRounds, now: 1_700_000_000 })
    expect(result).toMatchObject({ phase: 'inProgress', current: { index: 1 }, target: 1_700_086_400 })
    expect(result.countdown).toMatchObject({ days: '01', hours: '00', minutes: '00', seconds: '00' })
  })

  it.each([
    [[{ start: 10, end: 5 }], 'round 0 ends (5) before it starts (10)'],
    [
      [
        { start: 1, end: 10 },
        { start: 5, end: 20 },
      ],
      'round 1 starts (5) before round 0 ends (10)',
    ],
  ])('rejects invalid rounds %j', (bad, reason) => {
    expect(() => roundPhase({ rounds: bad, now: 0 })).toThrowError(InvalidRoundsError)
    expect(() => roundPhase({ rounds: bad, now: 0 })).toThrowError(reason)
  })
})
