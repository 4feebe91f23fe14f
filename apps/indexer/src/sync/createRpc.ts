import { createPublicClient, http, type PublicClient } from 'viem'
import type { IndexerMetrics } from '../internal/metrics.ts'
import { RetryableError } from '../internal/errors.ts'

export type Rpc = {
  client: PublicClient
  /**
   * Runs one RPC call, counting failures in `indexer_rpc_errors_total{method}` and retrying retryable ones
   * with exponential backoff (`retries` more attempts). Throws a {@link RetryableError} when all fail.
   */
  call: <T>(
    method: string,
    run: (client: PublicClient) => Promise<T>,
    options?: {
      retries?: number
      /** Errors not worth retrying (a node refusing a range as too large): thrown at once. */
      isFinal?: (error: unknown) => boolean
    },
  ) => Promise<T>
}

/**
 * Whether an error says the endpoint is overloaded or rate-limiting us: HTTP 429 (or a JSON-RPC error with code
 * 429), a timeout, or a node's words for it ("rate limited", "too many requests", "request count exceeded").
 */
export function isThrottled(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { status, code, details } = e as { status?: unknown; code?: unknown; details?: unknown }
    if (status === 429 || code === 429 || e.name === 'TimeoutError') return true
    if (/rate.?limit|too many requests|request count exceeded/i.test(`${String(details ?? '')} ${e.message}`))
      return true
  }
  return false
}

/** Seconds an error's `Retry-After` header asks for (viem keeps the response headers on HttpRequestError). */
function retryAfter(error: unknown): number {
  for (let e = error; e instanceof Error; e = e.cause) {
    const value = (e as { headers?: Headers }).headers?.get?.('retry-after')
    if (value && /^\d+$/.test(value)) return Number(value)
  }
  return 0
}

export type CreateRpcParameters = {
  url: string
  metrics: IndexerMetrics
  /** Per-request timeout in ms (default 10 s). */
  timeout?: number
  /** Default number of retries after the first failure (default 5). */
  retries?: number
  /** First backoff delay in ms, doubled per retry up to 5 s (default 100). */
  backoff?: number
  /** Largest response body in bytes (default 64 MiB); a larger one fails as a range too large. */
  maxResponseBodySize?: number
}

/**
 * A viem client for the chain node whose failures are counted and retried by the indexer itself (viem's own
 * retry is off, so every failed attempt is visible in the metrics).
 * @dev Back-off is shared by every call in flight: once the endpoint throttles twice in a row (429s or timeouts
 * with no success between them, whichever calls they came from), no call is sent until a pause has passed,
 * doubling with each further strike up to 5 s (at least what a `Retry-After` header asks), and reset by the
 * next success. A lone fault among successes only retries its own call (after its own delay): under real rate
 * limiting most calls fail and the pause grows at once, while sporadic faults do not stall the other calls.
 */
export function createRpc(parameters: CreateRpcParameters): Rpc {
  const { metrics, retries: defaultRetries = 5, backoff = 100 } = parameters
  const client = createPublicClient({
    transport: http(parameters.url, {
      retryCount: 0,
      timeout: parameters.timeout ?? 10_000,
      maxResponseBodySize: parameters.maxResponseBodySize ?? 64 * 1024 * 1024,
    }),
  })
  /** Shared back-off: throttling strikes since the last success, and when calls may be sent again. */
  let strikes = 0
  let resumeAt = 0
  return {
    client,
    async call(method, run, options = {}) {
      const retries = options.retries ?? defaultRetries
      for (let attempt = 0; ; attempt++) {
        for (let wait = resumeAt - Date.now(); wait > 0; wait = resumeAt - Date.now()) {
          await new Promise((resolve) => setTimeout(resolve, wait))
        }
        try {
          const result = await run(client)
          strikes = 0
          return result
        } catch (error) {
          metrics.rpcErrors.inc({ method })
          if (isThrottled(error)) {
            strikes++
            const pause = strikes >= 2 ? Math.min(backoff * 2 ** (strikes - 2), 5_000) : 0
            resumeAt = Math.max(resumeAt, Date.now() + Math.max(pause, retryAfter(error) * 1_000))
          }
          if (attempt >= retries || options.isFinal?.(error)) {
            throw new RetryableError(`RPC ${method} failed after ${attempt + 1} attempts`, { cause: error })
          }
          await new Promise((resolve) => setTimeout(resolve, Math.min(backoff * 2 ** attempt, 5_000)))
        }
      }
    },
  }
}
