import { describe, expect, it } from 'vitest'
import { IDO_MAX_CLAIM_DELAY, idoVestingLimits, idoVestingProblems } from '../../components/blocks/settings/specs.ts'
import type { IdoVesting } from '../../components/blocks/settings/specs.ts'
import type { Values } from '../../components/blocks/settings/formModel.ts'

// IdoLib._checkVesting (issue 19): once NEX is sold, claimStart only earlier and never unset (a first one at most
// MAX_CLAIM_DELAY ahead), dayTimes and releaseDays never grow.
const now = 1_800_000_000n
const sold: IdoVesting = { sold: true, claimStart: now + 86_400n, dayTimes: 86_400n, releaseDays: 100n }
const values = (change: Partial<Record<'claimStart' | 'dayTimes' | 'releaseDays', bigint>> = {}): Values => ({
  claimStart: sold.claimStart,
  dayTimes: sold.dayTimes,
  releaseDays: sold.releaseDays,
  ...change,
})
const keys = (problems: ReturnType<typeof idoVestingProblems>) => problems.map((problem) => problem.key)

describe('Ido vesting limits (IdoLib._checkVesting)', () => {
  it('applies no limit before anything is sold, nor before the values are read', () => {
    const free = { ...sold, sold: false }
    expect(idoVestingLimits(free, now)).toBeUndefined()
    expect(idoVestingProblems(values({ claimStart: 0n, dayTimes: 10n ** 6n, releaseDays: 3_650n }), free, now)).toEqual(
      [],
    )
    expect(idoVestingProblems(values({ releaseDays: 101n }), undefined, now)).toEqual([])
    expect(idoVestingProblems(values({ releaseDays: 101n }), sold, undefined)).toEqual([])
  })

  it('accepts the same or faster vesting', () => {
    expect(idoVestingProblems(values(), sold, now)).toEqual([])
    expect(idoVestingProblems(values({ claimStart: 1n, dayTimes: 60n, releaseDays: 0n }), sold, now)).toEqual([])
  })

  it('refuses a later or unset claimStart, a longer dayTimes, more releaseDays, each with the limit', () => {
    const later = idoVestingProblems(values({ claimStart: sold.claimStart + 1n }), sold, now)
    expect(keys(later)).toEqual(['claimStart'])
    expect(later[0]?.message.message).toContain('only move earlier')
    expect(later[0]?.values).toEqual({ max: String(sold.claimStart) })
    const unset = idoVestingProblems(values({ claimStart: 0n }), sold, now)
    expect(unset[0]?.message.message).toContain('can no longer be unset')
    const slower = idoVestingProblems(values({ dayTimes: sold.dayTimes + 1n, releaseDays: 101n }), sold, now)
    expect(keys(slower)).toEqual(['dayTimes', 'releaseDays'])
    expect(slower.map((problem) => problem.values?.max)).toEqual(['86400', '100'])
  })

  it('bounds a first claimStart (none set yet) to MAX_CLAIM_DELAY after the chain’s time', () => {
    const unset = { ...sold, claimStart: 0n }
    expect(IDO_MAX_CLAIM_DELAY).toBe(365n * 86_400n)
    expect(idoVestingLimits(unset, now)).toMatchObject({ unset: true, claimStartMax: now + IDO_MAX_CLAIM_DELAY })
    expect(idoVestingProblems(values({ claimStart: 0n }), unset, now)).toEqual([])
    expect(idoVestingProblems(values({ claimStart: now + IDO_MAX_CLAIM_DELAY }), unset, now)).toEqual([])
    const far = idoVestingProblems(values({ claimStart: now + IDO_MAX_CLAIM_DELAY + 1n }), unset, now)
    expect(far[0]?.values).toEqual({ days: '365', max: String(now + IDO_MAX_CLAIM_DELAY) })
  })
})
