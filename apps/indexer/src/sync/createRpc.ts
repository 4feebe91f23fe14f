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
  return {
    client,
    async call(method, run, options = {}) {
      const retries = options.retries ?? defaultRetries
      for (let attempt = 0; ; attempt++) {
        try {
          return await run(client)
        } catch (error) {
          metrics.rpcErrors.inc({ method })
          if (attempt >= retries || options.isFinal?.(error)) {
            throw new RetryableError(`RPC ${method} failed after ${attempt + 1} attempts`, { cause: error })
          }
          await new Promise((resolve) => setTimeout(resolve, Math.min(backoff * 2 ** attempt, 5_000)))
        }
      }
    },
  }
}
