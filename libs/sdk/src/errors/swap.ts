import { BaseError } from './base.ts'

export type InvalidSwapQuoteErrorType = InvalidSwapQuoteError & { name: 'InvalidSwapQuoteError' }
/** A swap quote was asked with an amount, reserve or rate out of range. */
export class InvalidSwapQuoteError extends BaseError {
  override name = 'InvalidSwapQuoteError' as const
  constructor(reason: string) {
    super(`The swap cannot be quoted: ${reason}.`, {
      metaMessages: ['Pass amounts and reserves in the tokens’ smallest units and rates in basis points (0-10000).'],
    })
  }
}
