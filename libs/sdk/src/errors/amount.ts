import { BaseError } from './base.ts'

const docsPath = '#amounts'

/** Fields shared by every error of {@link parseAmount}: the rejected input. */
abstract class AmountInputError extends BaseError {
  readonly input: string
  constructor(input: string, shortMessage: string, metaMessages: string[]) {
    super(shortMessage, { docsPath, metaMessages: [`Input: ${JSON.stringify(input)}`, ...metaMessages] })
    this.input = input
  }
}

export type AmountEmptyErrorType = AmountEmptyError & { name: 'AmountEmptyError' }
/** The amount is an empty string. */
export class AmountEmptyError extends AmountInputError {
  override name = 'AmountEmptyError' as const
  constructor(input: string) {
    super(input, 'The amount is empty.', ['Enter a number such as 1 or 0.5.'])
  }
}

export type AmountWhitespaceErrorType = AmountWhitespaceError & { name: 'AmountWhitespaceError' }
/** The amount contains a space, tab, line break or another whitespace character. */
export class AmountWhitespaceError extends AmountInputError {
  override name = 'AmountWhitespaceError' as const
  constructor(input: string) {
    super(input, 'The amount contains whitespace.', ['Remove spaces, tabs and line breaks (trim the input first).'])
  }
}

export type AmountSignErrorType = AmountSignError & { name: 'AmountSignError' }
/** The amount carries a sign (`+`, `-` or `−`): amounts are never negative and carry no sign. */
export class AmountSignError extends AmountInputError {
  override name = 'AmountSignError' as const
  constructor(input: string) {
    super(input, 'The amount has a sign.', ['Amounts are never negative: write the number without + or -.'])
  }
}

export type AmountExponentErrorType = AmountExponentError & { name: 'AmountExponentError' }
/** The amount is written with an exponent (`1e18`). */
export class AmountExponentError extends AmountInputError {
  override name = 'AmountExponentError' as const
  constructor(input: string) {
    super(input, 'The amount uses exponent notation.', ['Write every digit, e.g. 1000000 instead of 1e6.'])
  }
}

export type AmountHexErrorType = AmountHexError & { name: 'AmountHexError' }
/** The amount is a hexadecimal literal (`0x10`). */
export class AmountHexError extends AmountInputError {
  override name = 'AmountHexError' as const
  constructor(input: string) {
    super(input, 'The amount is hexadecimal.', ['Write the amount in decimal digits, in token units (e.g. 1.5).'])
  }
}

export type AmountSeparatorErrorType = AmountSeparatorError & { name: 'AmountSeparatorError' }
/** The amount contains a grouping separator (`,`, `_`, `'`) or more than one decimal point. */
export class AmountSeparatorError extends AmountInputError {
  override name = 'AmountSeparatorError' as const
  constructor(input: string) {
    super(input, 'The amount contains a separator.', [
      'Remove thousands separators; use one "." as the decimal point (1234.5, not 1,234.5 or 1.234,5).',
    ])
  }
}

export type AmountTooManyDecimalsErrorType = AmountTooManyDecimalsError & { name: 'AmountTooManyDecimalsError' }
/** The amount has more fraction digits than the token's decimals. */
export class AmountTooManyDecimalsError extends AmountInputError {
  override name = 'AmountTooManyDecimalsError' as const
  readonly decimals: number
  constructor(input: string, decimals: number) {
    super(input, `The amount has more than ${decimals} decimal places.`, [
      `This token has ${decimals} decimals: keep at most ${decimals} digits after the point.`,
    ])
    this.decimals = decimals
  }
}

export type AmountNonAsciiDigitErrorType = AmountNonAsciiDigitError & { name: 'AmountNonAsciiDigitError' }
/** The amount contains digits other than ASCII 0-9 (full-width, Arabic-Indic, ...). */
export class AmountNonAsciiDigitError extends AmountInputError {
  override name = 'AmountNonAsciiDigitError' as const
  constructor(input: string) {
    super(input, 'The amount contains non-ASCII digits.', [
      'Use the digits 0-9 only (switch the keyboard from full-width or local digits).',
    ])
  }
}

export type AmountOverflowErrorType = AmountOverflowError & { name: 'AmountOverflowError' }
/** The amount in base units does not fit in a uint256. */
export class AmountOverflowError extends AmountInputError {
  override name = 'AmountOverflowError' as const
  constructor(input: string) {
    super(input, 'The amount is too large.', ['In base units it must not exceed 2^256 - 1 (the uint256 maximum).'])
  }
}

export type AmountFormatErrorType = AmountFormatError & { name: 'AmountFormatError' }
/** The amount is not a decimal number of another kind (letters, `1.`, `.5`, `NaN`, ...). */
export class AmountFormatError extends AmountInputError {
  override name = 'AmountFormatError' as const
  constructor(input: string) {
    super(input, 'The amount is not a decimal number.', [
      'Write digits with at most one "." between digits, e.g. 12 or 0.5.',
    ])
  }
}

export type InvalidDecimalsErrorType = InvalidDecimalsError & { name: 'InvalidDecimalsError' }
/** A `decimals` or `places` argument is not an integer in range (a programming error, not a user input error). */
export class InvalidDecimalsError extends BaseError {
  override name = 'InvalidDecimalsError' as const
  constructor(argument: 'decimals' | 'places', value: number) {
    super(`\`${argument}\` must be an integer from 0 to 255, got ${value}.`, {
      docsPath,
      metaMessages: ['Pass the token decimals as read from the token (`decimals()`), e.g. 18 or 6.'],
    })
  }
}

/** @internal */
export function assertDecimals(argument: 'decimals' | 'places', value: number) {
  if (!Number.isInteger(value) || value < 0 || value > 255) throw new InvalidDecimalsError(argument, value)
}
