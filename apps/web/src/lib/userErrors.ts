import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { UserErrorMessageId } from '@nexus/sdk'

/** The SDK's error messages (toUserError message ids) in the app's catalogs. */
const USER_ERROR_MESSAGES: Record<UserErrorMessageId, MessageDescriptor> = {
  userRejected: msg`You rejected the request in your wallet.`,
  loginRejected: msg`You rejected the signature: you do not want to log in.`,
  providerMissing: msg`No wallet found. Install a wallet such as MetaMask, or open this page in your wallet's browser.`,
  balanceInsufficient: msg`Balance Insufficient`,
  operateError: msg`Operate Error`,
  revertReason: msg({ id: 'error.revertReason', message: '{reason}' }),
  contractError: msg`The contract rejected the operation: {reason}`,
  notAuthorized: msg`You are not authorized to do this.`,
  mintExceedsMaxSupply: msg`Minting would exceed the maximum supply.`,
  allowanceInsufficient: msg`The allowance is too low: approve the token first.`,
  referrerNotRegistered: msg`The referral address is not registered: enter a valid one.`,
  selfReferral: msg`The referral address cannot be your own direct referral.`,
  alreadyRegistered: msg`This wallet has already bound a referrer.`,
  // The custom error's own text, in the active language, from the SDK's catalog (its one home).
  customError: msg({ id: 'error.customError', message: '{text}' }),
  priceMoved: msg`The price moved beyond the accepted slippage after you sent the order, so it was cancelled. Quote again and retry.`,
  raw: msg({ id: 'error.raw', message: '{reason}' }),
}

const OBSERVATION_MESSAGE = msg`Observation (read-only) wallets are not supported: connect a wallet that can sign.`

/**
 * Whether an error says the wallet cannot sign because it only watches an address (an observation wallet):
 * EIP-1193 code 4100 (unauthorized account) or a message about watch-only or read-only accounts.
 */
export function isObservationWalletError(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 10; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (code === 4100) return true
    if (typeof message === 'string' && /watch[- ]?only|observ|read[- ]?only/i.test(message)) return true
    current = cause
  }
  return false
}

/**
 * The user-facing text of any wallet, RPC or contract error (SPEC.md §8), in the active language; in the `login`
 * context a refused signature reads as not wanting to log in.
 *
 * @example
 * toast.error(await userErrorText(error, i18n))
 */
export async function userErrorText(error: unknown, i18n: I18n, context?: 'login'): Promise<string> {
  if (isObservationWalletError(error)) return i18n._(OBSERVATION_MESSAGE)
  const { describeError } = await import('./describeError.ts')
  const found = describeError(error, i18n.locale === 'en' ? 'en' : 'zh-Hant', context)
  const values = { ...found.values, reason: found.values.reason ?? found.reason ?? '' }
  return i18n._({ ...USER_ERROR_MESSAGES[found.messageId], values })
}

export { OBSERVATION_MESSAGE }
