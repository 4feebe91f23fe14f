// A single-writer lease: one row per writer (`keeper_lease` for the keeper, `indexer_lease` for each chain of the
// indexer) naming its owner and when its lease ends, by the database's clock. It holds on every database the
// services run on, where an advisory lock does not: on the embedded PGlite every connection shares one session, so
// a second writer would get a session lock too. A writer takes the lease with one conditional statement (it is free,
// expired, or its own), renews it by heartbeat, and checks it before each write: a writer that lost it (frozen past
// its end, or cut off from the database) stops before writing. Its `epoch` counts the takings (a fencing token).
// On PostgreSQL the holder renews through a connection of its own, whose server process the row names: a holder
// killed with its connection frees the lease at once, as an advisory lock would.
import type pg from 'pg'

/** The tables of leases, each owned by its writer (docs/database.md). */
export type LeaseTable = 'keeper_lease' | 'indexer_lease'

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>

export type LeaseOptions = {
  table: LeaseTable
  /** The lease's name: one writer per name (`keeper`; the indexer's chain id). */
  name: string
  /** This writer's id, unique per process (e.g. host, pid and a random part). */
  owner: string
  /** How long a lease lasts after each renewal, in ms (a frozen writer's lease is taken over after this). */
  ttlMs: number
}

/** The lease's holder when another writer holds it. */
export type LeaseHolder = { owner: string; expiresAt: Date }

/** A write was refused: this writer no longer holds its lease (another may have taken it). */
export class LeaseLostError extends Error {
  constructor(options: LeaseOptions) {
    super(`${options.table} "${options.name}": this writer (${options.owner}) no longer holds the lease`)
    this.name = 'LeaseLostError'
  }
}

const table = (options: LeaseOptions) => `"${options.table}"`

/**
 * Takes the lease if it is free, expired or already this writer's (one conditional statement, so two writers never
 * both get it); returns its epoch, or the holder when another writer holds it. The lease records the server process
 * of `db`'s session: on PostgreSQL, where the holder keeps that connection for as long as it holds the lease, a
 * lease whose holder's connection is gone (killed) is taken at once. Where all connections share one session
 * (PGlite) that process is everyone's, and only the expiry frees the lease.
 */
export async function takeLease(db: Queryable, options: LeaseOptions): Promise<{ epoch: number } | LeaseHolder> {
  const { rows } = await db.query<{ epoch: number }>(
    `INSERT INTO ${table(options)} AS l ("name", "owner", "epoch", "expires_at", "renewed_at", "holder_pid")
     VALUES ($1, $2, 1, clock_timestamp() + $3 * interval '1 millisecond', clock_timestamp(), pg_backend_pid())
     ON CONFLICT ("name") DO UPDATE SET "owner" = EXCLUDED."owner",
       "epoch" = l."epoch" + CASE WHEN l."owner" = EXCLUDED."owner" THEN 0 ELSE 1 END,
       "expires_at" = EXCLUDED."expires_at", "renewed_at" = EXCLUDED."renewed_at", "holder_pid" = EXCLUDED."holder_pid"
     WHERE l."owner" = EXCLUDED."owner" OR l."expires_at" <= clock_timestamp()
       OR (l."holder_pid" <> pg_backend_pid()
           AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a."pid" = l."holder_pid"))
     RETURNING "epoch"`,
    [options.name, options.owner, options.ttlMs],
  )
  if (rows[0]) return { epoch: rows[0].epoch }
  const holder = await db.query<{ owner: string; expires_at: Date }>(
    `SELECT "owner", "expires_at" FROM ${table(options)} WHERE "name" = $1`,
    [options.name],
  )
  return { owner: holder.rows[0]?.owner ?? '?', expiresAt: holder.rows[0]?.expires_at ?? new Date(0) }
}

/** Extends this writer's unexpired lease by `ttlMs`; false when it is no longer this writer's (expired or taken). */
export async function renewLease(db: Queryable, options: LeaseOptions): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE ${table(options)} SET "expires_at" = clock_timestamp() + $3 * interval '1 millisecond',
       "renewed_at" = clock_timestamp()
     WHERE "name" = $1 AND "owner" = $2 AND "expires_at" > clock_timestamp()`,
    [options.name, options.owner, options.ttlMs],
  )
  return rowCount === 1
}

/** Ends this writer's lease now (a clean stop), so that the next writer need not wait for it to expire. */
export async function releaseLease(db: Queryable, options: LeaseOptions): Promise<void> {
  await db.query(`UPDATE ${table(options)} SET "expires_at" = clock_timestamp() WHERE "name" = $1 AND "owner" = $2`, [
    options.name,
    options.owner,
  ])
}

/**
 * The fence of a write: inside the write's transaction, locks this writer's lease row (FOR SHARE, so that no other
 * writer takes it over until the transaction ends) if it is still this writer's and unexpired; throws
 * {@link LeaseLostError} otherwise, which rolls the write back.
 */
export async function assertLease(tx: Queryable, options: LeaseOptions): Promise<void> {
  const { rowCount } = await tx.query(
    `SELECT 1 FROM ${table(options)} WHERE "name" = $1 AND "owner" = $2 AND "expires_at" > clock_timestamp() FOR SHARE`,
    [options.name, options.owner],
  )
  if (rowCount !== 1) throw new LeaseLostError(options)
}

export type LeaseKeeperOptions = LeaseOptions & {
  /** Renewals per lease period (default 3: renewed every ttlMs / 3). */
  renewalsPerTtl?: number
  /** Told when the lease is lost (not renewed in time, or taken over): the writer must stop writing. */
  onLost?: (reason: string) => void
  /** Told when a renewal fails (the database away): the lease is kept until it would have expired. */
  onRenewFailed?: (error: unknown) => void
}

export type HeldLease = {
  /**
   * Whether this writer may still write, by this process's monotonic clock: its last renewal was sent less than
   * `ttlMs` minus a margin ago (the database's lease lasts longer than that). False after a freeze past the lease.
   */
  held: () => boolean
  /** Throws {@link LeaseLostError} unless {@link HeldLease.held}. */
  check: () => void
  /** Stops renewing and releases the lease. */
  release: () => Promise<void>
}

/**
 * Holds a lease once taken (`takeLease` answered an epoch): renews it every `ttlMs / renewalsPerTtl`, and tells
 * `onLost` once when a renewal is refused or none succeeded before the lease's end (by the monotonic clock).
 */
export function holdLease(db: Queryable, options: LeaseKeeperOptions): HeldLease {
  const renewEvery = Math.max(10, Math.floor(options.ttlMs / (options.renewalsPerTtl ?? 3)))
  // a margin below the database's end of the lease: the renewal ran after it was sent, and clocks drift a little
  const margin = Math.min(1_000, Math.floor(options.ttlMs / 10))
  let validUntil = performance.now() + options.ttlMs - margin
  let lost = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const lose = (reason: string) => {
    if (lost || stopped) return
    lost = true
    if (timer) clearTimeout(timer)
    options.onLost?.(reason)
  }
  const held = () => !lost && !stopped && performance.now() < validUntil
  const renew = async () => {
    if (stopped || lost) return
    if (!held()) return lose('the lease ended before it was renewed (the writer was frozen or cut off)')
    const sentAt = performance.now()
    try {
      if (await renewLease(db, options)) {
        if (!lost) validUntil = sentAt + options.ttlMs - margin
      } else lose('the lease was taken over or expired')
    } catch (error) {
      options.onRenewFailed?.(error)
    }
    if (!stopped && !lost) timer = setTimeout(() => void renew(), renewEvery)
  }
  timer = setTimeout(() => void renew(), renewEvery)
  return {
    held,
    check() {
      if (!held()) throw new LeaseLostError(options)
    },
    async release() {
      stopped = true
      if (timer) clearTimeout(timer)
      if (!lost) await releaseLease(db, options).catch(() => undefined)
    },
  }
}

/** A writer id unique per process and start: `host:pid:random`. */
export function leaseOwnerId(prefix: string): string {
  return `${prefix}:${process.pid}:${Math.random().toString(36).slice(2, 10)}`
}
