import { AsyncLocalStorage } from 'node:async_hooks'
import { createPublicClient, http, type PublicClient } from 'viem'
import type { IndexerMetrics } from '../internal/metrics.ts'
import { RetryableError } from '../internal/errors.ts'

export type Rpc = {
  /** The client of the endpoint in use (the first URL until it fails). */
  readonly client: PublicClient
  /**
   * How many times the calls moved to another endpoint. A proof that reads the chain more than once (a range's
   * logs, then its headers again) holds only if it was all read from one node: it compares this before and after.
   */
  failovers: () => number
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
      /**
       * A request that may be sent twice (a cheap read on the critical path: a header): once the method has
       * answered here, an attempt unanswered after twice its usual round trip is sent once more (before anything
       * has answered on the endpoint: after the shortest timeout), the first answer wins and the other request is
       * cancelled.
       */
      hedge?: boolean
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

/**
 * Whether an error says the endpoint itself failed (throttling, timeout, no connection, an HTTP error status, an
 * answer that is not JSON-RPC), not that the node refused the request (a JSON-RPC error it answered with, such as
 * a range too large or a block it does not have): the former moves the calls to the next endpoint.
 */
export function isEndpointFailure(error: unknown): boolean {
  if (isThrottled(error)) return true
  for (let e = error; e instanceof Error; e = e.cause) {
    if (['HttpRequestError', 'TimeoutError', 'SocketClosedError', 'InvalidJsonRpcResponseError'].includes(e.name))
      return true
    if (e.name === 'RetryableError' && /malformed/.test(e.message)) return true
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
  /** The endpoint, or several tried in order: calls stay on one until it fails, then move to the next. */
  url: string | readonly string[]
  metrics: IndexerMetrics
  /**
   * Per-request timeout in ms (default 10 s): the longest a request waits. Once a method has answered on an
   * endpoint, its requests there time out after an estimate of its round trip instead (see {@link roundTrip}),
   * doubled with each retry; a call's last attempt always waits this long.
   */
  timeout?: number
  /** Shortest adaptive timeout in ms (default 250). */
  minTimeout?: number
  /** Default number of retries after the first failure (default 5). */
  retries?: number
  /** First backoff delay in ms, doubled per retry up to 5 s (default 100). */
  backoff?: number
  /** Largest response body in bytes (default 64 MiB); a larger one fails as a range too large. */
  maxResponseBodySize?: number
}

/**
 * A method's round trip on one endpoint, from its answers: RFC 6298's smoothed round trip (`srtt`) and its mean
 * deviation (`rttvar`), the first answer counting as `srtt` with half of it as deviation.
 */
type RoundTrip = { srtt: number; rttvar: number }

/** Folds one answer's duration (ms) into a method's round trip (RFC 6298, section 2). */
export function roundTrip(previous: RoundTrip | undefined, ms: number): RoundTrip {
  if (!previous) return { srtt: ms, rttvar: ms / 2 }
  const rttvar = 0.75 * previous.rttvar + 0.25 * Math.abs(previous.srtt - ms)
  return { srtt: 0.875 * previous.srtt + 0.125 * ms, rttvar }
}

/**
 * How long an attempt waits for its answer: `max` for a method not yet answered, and for a call's last attempt;
 * else the retransmission timeout of RFC 6298 (srtt + 4 x rttvar), at least 3 x srtt and `min`, doubled with each
 * attempt (a slow answer is waited for longer each time), at most `max`; whole milliseconds.
 */
export function attemptTimeout(
  estimate: RoundTrip | undefined,
  attempt: number,
  last: boolean,
  { min, max }: { min: number; max: number },
): number {
  if (!estimate || last) return max
  const rto = Math.max(estimate.srtt + 4 * estimate.rttvar, 3 * estimate.srtt, min)
  return Math.min(Math.ceil(rto * 2 ** attempt), max)
}

/**
 * A viem client for the chain node whose failures are counted and retried by the indexer itself (viem's own
 * retry is off, so every failed attempt is visible in the metrics).
 * @dev Several endpoints: every call goes to the one in use; when it fails as an endpoint (see
 * {@link isEndpointFailure}: 429, timeout, no connection, 5xx, garbage), the calls move to the next one (round
 * robin) and the attempt is retried there at once. A JSON-RPC error the node answered with (a range refused, a
 * missing block) stays on the node that said it.
 * Back-off is per endpoint and shared by every call in flight on it: once it throttles twice in a row (429s or
 * timeouts with no success between them, whichever calls they came from), no call is sent to it until a pause
 * has passed, doubling with each further strike up to 5 s (at least what a `Retry-After` header asks), and reset
 * by the next success. A lone fault among successes only retries its own call (after its own delay): under real
 * rate limiting most calls fail and the pause grows at once, while sporadic faults do not stall the other calls.
 * With more than one endpoint a failed call moves on instead of waiting.
 * Timeouts adapt to each method's round trip on each endpoint (see {@link attemptTimeout}): a request that a
 * remote endpoint dropped (no answer ever) is given up after a few of its usual round trips rather than after the
 * whole timeout, while a request that is only slow is waited for longer at each retry and, at the last, for the
 * whole timeout. A method not yet answered on an endpoint starts from the round trip of the endpoint's answers
 * to any method.
 */
export function createRpc(parameters: CreateRpcParameters): Rpc {
  const { metrics, retries: defaultRetries = 5, backoff = 100 } = parameters
  const urls = typeof parameters.url === 'string' ? [parameters.url] : [...parameters.url]
  const limits = { min: parameters.minTimeout ?? 250, max: parameters.timeout ?? 10_000 }
  /** The timeout of the attempt being made (see attemptTimeout), and its cancellation, for the requests it sends. */
  const attemptDeadline = new AsyncLocalStorage<{ ms: number; cancel?: AbortSignal }>()
  const fetchFn: typeof fetch = (input, init) => {
    const { ms, cancel } = attemptDeadline.getStore() ?? { ms: limits.max }
    const signals = [
      ...(init?.signal ? [init.signal] : []),
      ...(ms < limits.max ? [AbortSignal.timeout(ms)] : []),
      ...(cancel ? [cancel] : []),
    ]
    if (signals.length <= (init?.signal ? 1 : 0)) return fetch(input, init)
    return fetch(input, { ...init, signal: AbortSignal.any(signals) })
  }
  /**
   * One attempt, sent once more if unanswered after `hedgeAfter` ms (see the `hedge` option): the first answer
   * wins, the other request is cancelled; it fails only when both fail (with the first one's error).
   */
  async function attemptWith<T>(timeout: number, hedgeAfter: number | undefined, send: () => Promise<T>) {
    if (hedgeAfter === undefined) return { result: await attemptDeadline.run({ ms: timeout }, send), hedged: false }
    const requests: AbortController[] = []
    const launch = () => {
      const cancel = new AbortController()
      requests.push(cancel)
      return attemptDeadline.run({ ms: timeout, cancel: cancel.signal }, send)
    }
    let timer: NodeJS.Timeout | undefined
    try {
      const first = launch()
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), hedgeAfter)))
      const early = await Promise.race([first, late])
      if (early !== 'late') return { result: early, hedged: false }
      metrics.rpcHedges.inc()
      const second = launch()
      try {
        return { result: await Promise.any([first, second]), hedged: true }
      } catch (error) {
        throw error instanceof AggregateError ? error.errors[0] : error
      }
    } finally {
      clearTimeout(timer)
      for (const request of requests) request.abort()
    }
  }
  const endpoints = urls.map((url) => ({
    client: createPublicClient({
      transport: http(url, {
        retryCount: 0,
        timeout: limits.max,
        maxResponseBodySize: parameters.maxResponseBodySize ?? 64 * 1024 * 1024,
        fetchFn,
      }),
    }),
    /** Throttling strikes since the last success, and when calls may be sent again. */
    strikes: 0,
    resumeAt: 0,
    /** Round trip of each method answered here. */
    roundTrips: new Map<string, RoundTrip>(),
    /** Round trip of any answer here: the estimate of a method not yet answered. */
    anyRoundTrip: undefined as RoundTrip | undefined,
  }))
  const [first] = endpoints
  if (!first) throw new Error('createRpc: no RPC URL')
  let current = first
  let failovers = 0
  return {
    get client() {
      return current.client
    },
    failovers: () => failovers,
    async call(method, run, options = {}) {
      const retries = options.retries ?? defaultRetries
      for (let attempt = 0; ; attempt++) {
        const endpoint = current
        for (let wait = endpoint.resumeAt - Date.now(); wait > 0; wait = endpoint.resumeAt - Date.now()) {
          await new Promise((resolve) => setTimeout(resolve, wait))
        }
        const known = endpoint.roundTrips.get(method)
        // a method not yet answered here: the endpoint's round trip of any answer (a dropped first request of a
        // method is given up after a few round trips, not the whole timeout)
        const estimate = known ?? endpoint.anyRoundTrip
        const timeout = attemptTimeout(estimate, attempt, attempt >= retries, limits)
        // nothing answered here yet: a hedged read is sent again after the shortest timeout
        const hedgeAfter = options.hedge ? (estimate ? Math.max(2 * estimate.srtt, 50) : limits.min) : undefined
        const sent = performance.now()
        try {
          const { result, hedged } = await attemptWith(timeout, hedgeAfter, () => run(endpoint.client))
          // a hedged answer's time is not the round trip of one request
          if (!hedged) {
            const ms = performance.now() - sent
            endpoint.roundTrips.set(method, roundTrip(known, ms))
            endpoint.anyRoundTrip = roundTrip(endpoint.anyRoundTrip, ms)
          }
          endpoint.strikes = 0
          return result
        } catch (error) {
          metrics.rpcErrors.inc({ method })
          if (isThrottled(error)) {
            endpoint.strikes++
            const pause = endpoint.strikes >= 2 ? Math.min(backoff * 2 ** (endpoint.strikes - 2), 5_000) : 0
            endpoint.resumeAt = Math.max(endpoint.resumeAt, Date.now() + Math.max(pause, retryAfter(error) * 1_000))
          }
          if (attempt >= retries || options.isFinal?.(error)) {
            throw new RetryableError(`RPC ${method} failed after ${attempt + 1} attempts`, { cause: error })
          }
          const moved = endpoints.length > 1 && isEndpointFailure(error)
          if (moved && current === endpoint) {
            current = endpoints[(endpoints.indexOf(endpoint) + 1) % endpoints.length] ?? first
            failovers++
            metrics.rpcFailovers.inc()
          }
          // a move to an endpoint not yet tried by this call is at once; a full round waits as one endpoint would
          if (!moved || attempt + 1 >= endpoints.length)
            await new Promise((resolve) => setTimeout(resolve, Math.min(backoff * 2 ** attempt, 5_000)))
        }
      }
    },
  }
}
