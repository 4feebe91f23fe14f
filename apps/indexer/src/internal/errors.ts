/**
 * Base of the indexer's errors. Like viem's BaseError: a short message for logs and clients, details and the
 * cause for operators.
 */
export class BaseError extends Error {
  override name = 'IndexerError'
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, options: { cause?: unknown; details?: string } = {}) {
    const details = options.details ?? (options.cause instanceof Error ? options.cause.message : undefined)
    super(details ? `${shortMessage}\n\nDetails: ${details}` : shortMessage, { cause: options.cause })
    this.shortMessage = shortMessage
    this.details = details
  }
}

/** A failure that may pass when tried again (RPC timeouts, 429/5xx, dropped database connections). */
export class RetryableError extends BaseError {
  override name = 'RetryableError'
}

/** A failure that repeating cannot fix (undecodable log, wrong chain, constraint violation). */
export class NonRetryableError extends BaseError {
  override name = 'NonRetryableError'
}
