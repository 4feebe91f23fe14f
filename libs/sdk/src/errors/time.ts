import { BaseError } from './base.ts'

export type InvalidTimestampErrorType = InvalidTimestampError & { name: 'InvalidTimestampError' }
/** A time argument is not a finite Unix time in seconds, a bigint or a valid `Date`. */
export class InvalidTimestampError extends BaseError {
  override name = 'InvalidTimestampError' as const
  constructor(argument: string, value: unknown) {
    super(`\`${argument}\` is not a valid time: ${String(value)}.`, {
      docsPath: '#time',
      metaMessages: ['Pass Unix seconds (a number or a bigint, as contracts return them) or a valid Date.'],
    })
  }
}

export type InvalidRoundsErrorType = InvalidRoundsError & { name: 'InvalidRoundsError' }
/** The rounds given to `roundPhase` overlap, are out of order or end before they start. */
export class InvalidRoundsError extends BaseError {
  override name = 'InvalidRoundsError' as const
  constructor(reason: string) {
    super(`The rounds are invalid: ${reason}.`, {
      docsPath: '#time',
      metaMessages: ['Give the rounds in start order, each ending after it starts and before the next one starts.'],
    })
  }
}
