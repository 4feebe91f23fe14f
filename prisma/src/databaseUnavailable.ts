// Telling "the database is away for now" (a restart, a fail-over, a dropped network: retry later) from a failure of
// the statement itself (a bug, a constraint: retrying changes nothing). The services answer the first with a
// retryable status and wait for the database to come back; the second is an error of the request.

/** Node's socket errors that mean the server cannot be reached or dropped the connection. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception), `57P01`
 * admin_shutdown (a restart or a fail-over ended the session), `57P02` crash_shutdown, `57P03` cannot_connect_now
 * (starting up, shutting down, in recovery), `53300` too_many_connections.
 */
const isUnavailableSqlState = (code: string) =>
  /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)

/** What node-postgres and Prisma's pg adapter say when the connection went away or could not be made. */
const unavailableMessage =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection due to administrator command|Connection refused|is not currently accepting connections/i

/** Error codes Prisma gives when it cannot reach the database or lost its connection. */
const prismaCodes = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024'])

/**
 * Whether `error` (of node-postgres, of Prisma through `@prisma/adapter-pg`, or wrapping one of them as its
 * `cause`) says the database is unreachable or went away, so that the same work may succeed once it is back.
 *
 * @example
 * try { await db.pool.query('select 1') } catch (error) { if (isDatabaseUnavailable(error)) retryLater() }
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  const visit = (value: unknown, depth: number): boolean => {
    if (depth > 6 || value === null || typeof value !== 'object' || seen.has(value)) return false
    seen.add(value)
    const record = value as Record<string, unknown>
    for (const key of ['code', 'originalCode']) {
      const code = record[key]
      if (typeof code !== 'string') continue
      if (socketCodes.has(code) || isUnavailableSqlState(code) || prismaCodes.has(code)) return true
    }
    for (const key of ['message', 'originalMessage']) {
      const text = record[key]
      if (typeof text === 'string' && unavailableMessage.test(text)) return true
    }
    const nested = [record.cause, record.meta, record.driverAdapterError, record.error]
    if (Array.isArray(record.errors)) nested.push(...(record.errors as unknown[]))
    return nested.some((inner) => visit(inner, depth + 1))
  }
  return visit(error, 0)
}

/**
 * Runs `work` until it succeeds, again after each failure that says the database is away (see
 * {@link isDatabaseUnavailable}): 0.5 s, doubling up to `maxDelayMs`. Any other failure is thrown at once. A service
 * started before its database (or during a restart) so waits for it instead of exiting.
 *
 * @example
 * const db = await whenDatabaseAvailable(() => createDatabase({ url }), { log: console.warn })
 */
export async function whenDatabaseAvailable<T>(
  work: () => Promise<T>,
  options: { log?: (message: string) => void; maxDelayMs?: number } = {},
): Promise<T> {
  const maxDelayMs = options.maxDelayMs ?? 10_000
  for (let attempt = 0; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      const delay = Math.min(maxDelayMs, 500 * 2 ** attempt)
      options.log?.(`the database is unavailable (${(error as Error).message}); trying again in ${delay} ms`)
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}
