import { describe, expect, it } from 'vitest'
import { InvalidTeamLevelError } from '../errors/team.ts'
import { teamLevelLabel } from './teamLevelLabel.ts'

describe('teamLevelLabel', () => {
  it.each([
    [0, 'V0'],
    [1n, 'V1'],
    [5, 'V5'],
    [12n, 'V12'],
  ])('labels level %s as %s', (level, label) => {
    expect(teamLevelLabel(level)).toBe(label)
  })

  it.each([-1, -1n, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (level) => {
    expect(() => teamLevelLabel(level)).toThrowError(InvalidTeamLevelError)
  })
})
