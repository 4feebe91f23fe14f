import { version } from '../version.ts'

export type BaseErrorParameters = {
  /** The lower-level error this one wraps. */
  cause?: unknown
  /** Technical detail, shown after `Details:` (defaults to the cause's message). */
  details?: string | undefined
  /** Anchor of the README section that explains the error, e.g. `#parseamount`. */
  docsPath?: string | undefined
  /** Extra lines that tell the user what to check. */
  metaMessages?: string[] | undefined
}

export type BaseErrorType = BaseError & { name: 'BaseError' }

/**
 * The base of every error thrown by `@nexus/sdk`, with the fields of viem's `BaseError`: a one-line
 * `shortMessage`, `metaMessages` that say what to check, `details` from the cause, and `walk()` to find an
 * error inside the `cause` chain.
 *
 * @example
 * try {
 *   parseAmount('1e18')
 * } catch (error) {
 *   if (error instanceof BaseError) console.log(error.shortMessage)
 * }
 */
export class BaseError extends Error {
  override name = 'BaseError'
  shortMessage: string
  details: string
  docsPath: string | undefined
  metaMessages: string[] | undefined
  version = `@nexus/sdk@${version}`

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const { cause } = parameters
    const details =
      parameters.details ??
      (cause instanceof BaseError
        ? cause.details
        : cause instanceof Error
          ? ((cause as Error & { shortMessage?: string }).shortMessage ?? cause.message)
          : '')
    const message = [
      shortMessage || 'An error occurred.',
      ...(parameters.metaMessages?.length ? ['', ...parameters.metaMessages] : []),
      '',
      ...(parameters.docsPath ? [`Docs: @nexus/sdk README.md${parameters.docsPath}`] : []),
      ...(details ? [`Details: ${details}`] : []),
      `Version: @nexus/sdk@${version}`,
    ].join('\n')
    super(message, cause === undefined ? undefined : { cause })
    this.shortMessage = shortMessage
    this.details = details
    this.docsPath = parameters.docsPath
    this.metaMessages = parameters.metaMessages
  }

  /** Returns the deepest error of the `cause` chain, or the first one for which `fn` returns true (else `null`). */
  walk(): unknown
  walk(fn: (error: unknown) => boolean): unknown
  walk(fn?: (error: unknown) => boolean): unknown {
    return walkCause(this, fn)
  }
}

/**
 * Walks the `cause` chain of any error (ours, viem's, wagmi's or a plain `Error`).
 * @dev Stops after 32 links so that a cyclic chain cannot hang.
 */
export function walkCause(error: unknown, fn?: (error: unknown) => boolean): unknown {
  let current = error
  for (let depth = 0; depth < 32; depth++) {
    if (fn?.(current)) return current
    const next = current && typeof current === 'object' && 'cause' in current ? current.cause : undefined
    if (next === undefined || next === null || next === current) return fn ? null : current
    current = next
  }
  return fn ? null : current
}
