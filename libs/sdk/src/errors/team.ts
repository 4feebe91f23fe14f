import { BaseError } from './base.ts'

export type InvalidTeamLevelErrorType = InvalidTeamLevelError & { name: 'InvalidTeamLevelError' }
/** The team level is not a non-negative integer. */
export class InvalidTeamLevelError extends BaseError {
  override name = 'InvalidTeamLevelError' as const
  constructor(level: unknown) {
    super(`The team level must be a non-negative integer, got ${String(level)}.`, {
      metaMessages: ['Pass the level as the contract returns it (e.g. `teams(account)`), such as 0n or 3.'],
    })
  }
}
