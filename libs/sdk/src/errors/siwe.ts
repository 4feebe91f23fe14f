import { BaseError } from './base.ts'

const docsPath = '#sign-in-with-ethereum'

export type SignInMessageInvalidErrorType = SignInMessageInvalidError & { name: 'SignInMessageInvalidError' }
/** The text is not a complete EIP-4361 message, or lacks a field the policy requires. */
export class SignInMessageInvalidError extends BaseError {
  override name = 'SignInMessageInvalidError' as const
  constructor(reason: string, cause?: unknown) {
    super(`The sign-in message is invalid: ${reason}.`, {
      docsPath,
      cause,
      metaMessages: ['Build the message with `createSignInMessage` and sign exactly that text.'],
    })
  }
}

export type SignInFieldMismatchErrorType = SignInFieldMismatchError & { name: 'SignInFieldMismatchError' }
/** The message was made for another domain, nonce or chain than the verifier expects. */
export class SignInFieldMismatchError extends BaseError {
  override name = 'SignInFieldMismatchError' as const
  readonly field: 'domain' | 'nonce' | 'chainId'
  constructor(field: 'domain' | 'nonce' | 'chainId', expected: string, actual: string) {
    super(`The sign-in message has the wrong ${field}.`, {
      docsPath,
      metaMessages: [
        `Expected: ${expected}`,
        `Message:  ${actual}`,
        field === 'nonce'
          ? 'Each nonce is good for one sign-in: request a new nonce and sign again.'
          : `Sign in from the app's own ${field === 'domain' ? 'address' : 'network'}.`,
      ],
    })
    this.field = field
  }
}

export type SignInExpiredErrorType = SignInExpiredError & { name: 'SignInExpiredError' }
/** The message's expiration time has passed. */
export class SignInExpiredError extends BaseError {
  override name = 'SignInExpiredError' as const
  constructor(expirationTime: Date, now: Date) {
    super('The sign-in message has expired.', {
      docsPath,
      metaMessages: [
        `Expired at: ${expirationTime.toISOString()}`,
        `Now:        ${now.toISOString()}`,
        'Sign in again.',
      ],
    })
  }
}

export type SignInNotYetValidErrorType = SignInNotYetValidError & { name: 'SignInNotYetValidError' }
/** The message was issued in the future or is not valid before a later time. */
export class SignInNotYetValidError extends BaseError {
  override name = 'SignInNotYetValidError' as const
  constructor(validFrom: Date, now: Date) {
    super('The sign-in message is not valid yet.', {
      docsPath,
      metaMessages: [
        `Valid from: ${validFrom.toISOString()}`,
        `Now:        ${now.toISOString()}`,
        "Check the device's clock, then sign in again.",
      ],
    })
  }
}

export type SignInSignatureErrorType = SignInSignatureError & { name: 'SignInSignatureError' }
/** The signature was not made by the message's address over exactly this message. */
export class SignInSignatureError extends BaseError {
  override name = 'SignInSignatureError' as const
  constructor(address: string, cause?: unknown) {
    super('The sign-in signature does not match the message.', {
      docsPath,
      cause,
      metaMessages: [`Address: ${address}`, 'Sign the message with the wallet of that address, without changing it.'],
    })
  }
}
