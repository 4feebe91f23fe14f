import { InvalidTeamLevelError, type InvalidTeamLevelErrorType } from '../errors/team.ts'

export type TeamLevelLabelErrorType = InvalidTeamLevelErrorType

/**
 * The display label of a team level: `V0`, `V1`, `V2`, ...
 *
 * @param level - The level as a contract returns it (bigint) or as a number.
 *
 * @example
 * teamLevelLabel(0n) // 'V0'
 * teamLevelLabel(3) // 'V3'
 */
export function teamLevelLabel(level: number | bigint): `V${number}` {
  const valid = typeof level === 'bigint' ? level >= 0n : Number.isSafeInteger(level) && level >= 0
  if (!valid) throw new InvalidTeamLevelError(level)
  return `V${level}` as `V${number}`
}
