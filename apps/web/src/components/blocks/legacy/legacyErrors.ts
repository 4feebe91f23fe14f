import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { LegacyApiError } from '../../../lib/legacyApi.ts'
import { SignInDomainError } from '../../../data/login.ts'

const MESSAGES = {
  notLoggedIn: msg`Your sign-in has ended: sign in again.`,
  rejected: msg`The server refused the request.`,
  failed: msg`The server could not handle the request (code {code}). Try again later.`,
  network: msg`The server cannot be reached: check your connection and try again.`,
  timeout: msg`The server did not answer within 60 seconds: try again.`,
  http: msg`The server answered with an error (HTTP {code}): try again later.`,
}
const DOMAIN_MESSAGE = msg`The server does not accept sign-ins from this site ({domain}).`

/**
 * The user-facing text of a failed legacy call (SPEC.md §8): the server's own message on 4800 (it answers in the
 * language it was asked for), a translated text for everything else; wallet errors (a refused signature) through
 * the SDK's catalog.
 *
 * @example
 * setError(await legacyErrorText(error, i18n))
 */
export async function legacyErrorText(error: unknown, i18n: I18n): Promise<string> {
  if (error instanceof SignInDomainError) return i18n._({ ...DOMAIN_MESSAGE, values: { domain: error.domain } })
  if (error instanceof LegacyApiError) {
    if (error.kind === 'rejected' && error.serverMessage) return error.serverMessage
    return i18n._({ ...MESSAGES[error.kind], values: { code: String(error.code ?? '') } })
  }
  const { userErrorText } = await import('../../../lib/userErrors.ts')
  return userErrorText(error, i18n, 'login')
}
