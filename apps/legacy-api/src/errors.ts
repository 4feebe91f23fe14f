import type { MessageKey } from './schemas/messages.ts'

/** Wire codes of the first product version's API (`code` in every response). */
export const ResponseCode = {
  ok: 0,
  /** The client treats the user as logged out. */
  notLoggedIn: 4700,
  /** Rejected; `msg` says why and the client shows it. */
  rejected: 4800,
  /** Anything else; the client shows a generic error text. */
  serverError: 5000,
  /**
   * The database or the chain node is away for now (a restart, a fail-over, an outage): nothing was done, the same
   * request may be sent again shortly. Clients that know only 5000 show their generic error text.
   */
  unavailable: 5030,
} as const

/**
 * An expected failure with a stable code (`LEGACY_ERR_*`), the wire code it maps to and a translatable message.
 * The error handler turns it into `{ code, msg, data: null }`.
 */
export class LegacyError extends Error {
  override name = 'LegacyError'
  readonly code: string
  readonly responseCode: number
  readonly messageKey: MessageKey
  readonly params: Record<string, string>

  constructor(code: string, responseCode: number, messageKey: MessageKey, params: Record<string, string> = {}) {
    super(`${code}: ${messageKey} ${JSON.stringify(params)}`)
    this.code = code
    this.responseCode = responseCode
    this.messageKey = messageKey
    this.params = params
  }
}

/** A request field is missing or malformed (4800). */
export function invalidField(field: string, missing = false) {
  return new LegacyError(
    missing ? 'LEGACY_ERR_MISSING_FIELD' : 'LEGACY_ERR_INVALID_FIELD',
    ResponseCode.rejected,
    missing ? 'missingField' : 'invalidField',
    { field },
  )
}

/** A request rejected by a business rule (4800), with its message. */
export function rejected(messageKey: MessageKey, params: Record<string, string> = {}) {
  return new LegacyError(
    `LEGACY_ERR_${messageKey.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`,
    ResponseCode.rejected,
    messageKey,
    params,
  )
}

/** The `token` header is missing, unknown, expired or revoked (4700): the client logs the user out. */
export function notLoggedIn() {
  return new LegacyError('LEGACY_ERR_NOT_LOGGED_IN', ResponseCode.notLoggedIn, 'notLoggedIn')
}
