import { mkdirSync } from 'node:fs'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '../generated/client/client.ts'
import { whenDatabaseAvailable } from './databaseUnavailable.ts'
import { deployMigrations, verifyMigrations } from './migrate.ts'
import { parseDatabaseUrl } from './parseDatabaseUrl.ts'
import { defaultPgliteDir } from './paths.ts'

export type CreateDatabaseParameters = {
  /** PostgreSQL URL. Without it, an embedded PGlite database under `pgliteDir` is used. */
  url?: string | undefined
  /** Folder of the embedded database (default: `.data/pglite` in the repository root). */
  pgliteDir?: string | undefined
  /**
   * Apply pending migrations before returning (default: true); `'verify'`: apply nothing, but refuse
   * (`DatabaseNotMigratedError`) a PostgreSQL database that lacks a committed migration (a service under a per-app
   * role, which may not migrate).
   */
  migrate?: boolean | 'verify'
  /** Connections of the raw pool and of Prisma's pool (default: 10; always 1 for PGlite). */
  poolSize?: number
  /**
   * For a long-running service on PostgreSQL: open all `poolSize` connections before returning and keep them open
   * while idle (default: false: connections open on demand and close after `idleTimeoutMs` idle; PGlite has one).
   *
   * @dev A new connection costs a server process, a login and, for each statement, a parse and a plan on cold
   * caches: 10-40 ms here, where a warm one answers the same query in under 1 ms. A pool that closes its idle
   * connections pays that again each time the load rises after a calm, in the requests that arrive then.
   */
  keepConnections?: boolean
  /** How long an idle connection stays open when connections are not kept (default: 10,000 ms, pg's). */
  idleTimeoutMs?: number
  /** Progress messages (default: dropped). */
  log?: (message: string) => void
  /**
   * A service's start: while the server cannot be reached or is starting up (a restart, a fail-over, started after the
   * service), try again (0.5 s doubling to 10 s, each attempt told to `log`) instead of failing (default: false).
   */
  waitForServer?: boolean
}

export type Database = {
  /** Which kind of database is behind `prisma` and `pool`. */
  kind: 'postgres' | 'pglite'
  /** A URL other PostgreSQL clients can use (for PGlite: its socket server on 127.0.0.1, alive until `close`). */
  url: string
  /** Typed reads and ordinary writes. */
  prisma: PrismaClient
  /**
   * The raw pool, for what Prisma does slowly or not at all: bulk writes (`unnest`, COPY), advisory locks.
   * @dev Prisma's adapter shares this pool, so `prisma` and `pool` count against the same connections.
   */
  pool: pg.Pool
  /** Migrations applied by this call (empty when the database was up to date or `migrate` was false). */
  appliedMigrations: string[]
  /** Disconnects Prisma, ends the pool and, for PGlite, stops its server and closes the database. */
  close: () => Promise<void>
}

/**
 * Opens the product's database: PostgreSQL when a URL is given (Prisma over `@prisma/adapter-pg`), otherwise
 * an embedded PGlite database under `.data/pglite`, served to adapter-pg through a local socket. Pending
 * migrations are applied first in both cases.
 *
 * @example
 * const db = await createDatabase({ url: process.env.DATABASE_URL })
 * const checkpoint = await db.prisma.chainCheckpoint.findUnique({ where: { chainId: 31337 } })
 * await db.close()
 */
export async function createDatabase(parameters: CreateDatabaseParameters = {}): Promise<Database> {
  if (parameters.waitForServer) {
    const { log } = parameters
    return await whenDatabaseAvailable(() => createDatabase({ ...parameters, waitForServer: false }), {
      ...(log && { log }),
    })
  }
  const { url, migrate = true, log, poolSize = 10, idleTimeoutMs = 10_000 } = parameters
  if (!Number.isInteger(poolSize) || poolSize < 1)
    throw new RangeError(`poolSize: a whole number from 1, not ${poolSize}`)
  if (!Number.isInteger(idleTimeoutMs) || idleTimeoutMs < 1) {
    throw new RangeError(`idleTimeoutMs: a whole number of milliseconds from 1, not ${idleTimeoutMs}`)
  }
  if (url) {
    if (migrate === 'verify') await verifyMigrations({ url })
    const appliedMigrations = migrate === true ? await deployMigrations({ url }) : []
    if (appliedMigrations.length) log?.(`applied migrations: ${appliedMigrations.join(', ')}`)
    const kind = await serverKind(url)
    const database = openClient({
      kind,
      url,
      poolSize,
      keepConnections: parameters.keepConnections ?? false,
      idleTimeoutMs,
      appliedMigrations,
    })
    if (parameters.keepConnections) {
      try {
        // Checked out together, released idle: the pool keeps them (its `min`).
        await withEveryConnection(database.pool, poolSize)
      } catch (error) {
        await database.close()
        throw error
      }
    }
    return database
  }
  return await openPglite(parameters.pgliteDir ?? defaultPgliteDir, migrate !== false, log)
}

/**
 * PGlite served over the wire protocol (as `npm start` shares one between the services) answers like
 * PostgreSQL but is one session without COPY: callers must treat it as `pglite`. It names itself in `version()`.
 */
async function serverKind(url: string): Promise<Database['kind']> {
  const client = new pg.Client(parseDatabaseUrl(url))
  client.on('error', () => undefined)
  await client.connect()
  try {
    const { rows } = await client.query<{ version: string }>('select version() as version')
    return /\(PGlite\b/.test(rows[0]?.version ?? '') ? 'pglite' : 'postgres'
  } finally {
    await client.end()
  }
}

/**
 * Checks out `count` connections of `pool` at once (so they are `count` different ones, opening those the pool
 * lacks), runs `use` on each, and gives them all back, whatever failed. Throws the first failure, of a checkout
 * or of `use`, once every connection is back.
 *
 * @example
 * // every connection open now prepares a statement
 * await withEveryConnection(db.pool, db.pool.totalCount, (client) => client.query({ name, text, values }))
 */
export async function withEveryConnection(
  pool: pg.Pool,
  count: number,
  use: (client: pg.PoolClient) => Promise<unknown> = async () => undefined,
): Promise<void> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count: a whole number from 0, not ${count}`)
  const checkedOut = await Promise.allSettled(Array.from({ length: count }, () => pool.connect()))
  const clients = checkedOut.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  let used: PromiseSettledResult<unknown>[]
  try {
    used = await Promise.allSettled(clients.map(use))
  } finally {
    for (const client of clients) client.release()
  }
  const failed = [...checkedOut, ...used].find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
}

function openClient(options: {
  kind: Database['kind']
  url: string
  poolSize: number
  keepConnections?: boolean
  idleTimeoutMs?: number
  appliedMigrations: string[]
  onClose?: () => Promise<void>
}): Database {
  const pool = new pg.Pool({
    ...parseDatabaseUrl(options.url),
    max: options.poolSize,
    // A server that went away mid-connection (a dropped network, a host gone) fails a checkout after 10 s instead of
    // holding the request forever, and TCP keep-alive notices a dead idle connection.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    // Idle connections above `min` close after idleTimeoutMillis; kept ones (min = max) never do.
    min: options.keepConnections ? options.poolSize : 0,
    ...(options.idleTimeoutMs !== undefined && { idleTimeoutMillis: options.idleTimeoutMs }),
  })
  // An idle client's error (the server restarted, the network dropped) must not crash the process; the pool
  // replaces the client on the next checkout. A checked-out client's error while it runs no query (a lock held
  // across statements) is its holder's to handle: see `holdConnection`.
  pool.on('error', () => undefined)
  // node-postgres emits `error` on a checked-out client too when its connection ends, even while a query of it is
  // rejected with the same error, and an unhandled `error` event ends the process. Every client of the pool gets a
  // listener for its whole life: its holder sees the failure in its queries, and the pool drops the client on release.
  pool.on('connect', (client) => client.on('error', () => undefined))
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) })
  let closed = false
  return {
    kind: options.kind,
    url: options.url,
    prisma,
    pool,
    appliedMigrations: options.appliedMigrations,
    async close() {
      if (closed) return
      closed = true
      await prisma.$disconnect()
      await pool.end()
      await options.onClose?.()
    },
  }
}

async function openPglite(dir: string, migrate: boolean, log: ((message: string) => void) | undefined) {
  // Loaded on demand: PGlite's wasm is only needed without a PostgreSQL server.
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-socket'),
  ])
  mkdirSync(dir, { recursive: true })
  log?.(`opening embedded database in ${dir}`)
  const db = await PGlite.create(dir)
  // @dev PGlite is one PostgreSQL session. The socket server multiplexes connections onto it and keeps a
  // transaction's statements together, but unnamed prepared statements of two connections could interleave,
  // so this process uses one connection at a time (poolSize 1).
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 })
  await server.start()
  const url = `postgresql://postgres@${server.getServerConn()}/postgres`
  const shutdown = async () => {
    await server.stop()
    await db.close()
  }
  try {
    const appliedMigrations = migrate ? await deployMigrations({ url, poolSize: 1 }) : []
    if (appliedMigrations.length) log?.(`applied migrations: ${appliedMigrations.join(', ')}`)
    return openClient({ kind: 'pglite', url, poolSize: 1, appliedMigrations, onClose: shutdown })
  } catch (error) {
    await shutdown()
    throw error
  }
}
