import pg from 'pg'
import { withEveryConnection } from './createDatabase.ts'
import { parseDatabaseUrl } from './parseDatabaseUrl.ts'

type Queryable = Pick<pg.Pool, 'query'>

/** How far a streaming replica is behind its primary. */
export type ReplicaLag = {
  /**
   * Seconds between now and the last transaction the replica replayed, while it has WAL of the primary left to
   * replay; 0 when it has replayed everything the primary wrote.
   */
  seconds: number
  /** Bytes of the primary's WAL the replica has not replayed yet (0 when caught up). */
  bytes: number
  /** Whether the read database is a standby in recovery (false: a primary given as the read URL; no lag). */
  standby: boolean
}

export type ReadReplica = {
  /** The replica's pool: reads only (a standby refuses writes). */
  pool: pg.Pool
  /** The replica's lag behind `primary` (throws when either does not answer). */
  lag: () => Promise<ReplicaLag>
  /**
   * Resolves true as soon as `reached()` does (asked every `pollMs`, default 10), false after `timeoutMs`: a read
   * that needs the replica at some position waits for it this way, then reads the primary when it is still behind.
   */
  waitFor: (reached: () => Promise<boolean>, timeoutMs: number, pollMs?: number) => Promise<boolean>
  /**
   * Whether the replica has replayed everything the primary had committed when this was called (reads the
   * primary's WAL position, then waits up to `timeoutMs` for the replica to replay it).
   */
  caughtUp: (timeoutMs: number) => Promise<boolean>
  close: () => Promise<void>
}

export type OpenReadReplicaParameters = {
  /** The replica's URL (DATABASE_READ_URL). */
  url: string
  /** The primary the replica follows (its WAL position is the one to reach). */
  primary: Queryable
  /** Connections to the replica (default 10). */
  poolSize?: number
  /** Open every connection now and keep them open (long-running services; see createDatabase). */
  keepConnections?: boolean
}

/** A WAL position (`16/B374D848`) as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn)
  if (!match) throw new Error(`not a WAL position: ${lsn}`)
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`)
}

/**
 * Opens a pool on a streaming replica of the product's database (DATABASE_READ_URL), for reads that may lag the
 * primary by what the replica has not replayed yet. Nothing is migrated there: the replica replays the primary.
 *
 * @example
 * const replica = await openReadReplica({ url: process.env.DATABASE_READ_URL, primary: db.pool })
 * const { seconds } = await replica.lag()
 */
export async function openReadReplica(parameters: OpenReadReplicaParameters): Promise<ReadReplica> {
  const poolSize = parameters.poolSize ?? 10
  const pool = new pg.Pool({
    ...parseDatabaseUrl(parameters.url),
    max: poolSize,
    min: parameters.keepConnections ? poolSize : 0,
  })
  // An idle client's error (the replica restarted) must not crash the process; the pool replaces the client.
  pool.on('error', () => undefined)
  if (parameters.keepConnections) {
    try {
      await withEveryConnection(pool, poolSize)
    } catch (error) {
      await pool.end()
      throw error
    }
  }
  const { primary } = parameters

  // On a standby pg_current_wal_insert_lsn() is an error: COALESCE only calls it on a primary given as the read URL.
  const replayed = async () => {
    const { rows } = await pool.query<{ standby: boolean; lsn: string | null; seconds: number | null }>(
      `SELECT pg_is_in_recovery() AS standby,
         COALESCE(pg_last_wal_replay_lsn(), pg_current_wal_insert_lsn())::text AS lsn,
         extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS seconds`,
    )
    return rows[0] as { standby: boolean; lsn: string; seconds: number | null }
  }
  // The insert position, not pg_current_wal_lsn() (the write position): with synchronous_commit=off a commit returns
  // before its record is written, so the write position can stand before a transaction the caller already saw
  // committed, and a replica that replayed up to it would still lack that row.
  const primaryLsn = async () =>
    lsnBytes(
      (await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]?.lsn ?? '0/0',
    )

  const waitFor: ReadReplica['waitFor'] = async (reached, timeoutMs, pollMs = 10) => {
    const until = Date.now() + timeoutMs
    for (;;) {
      if (await reached()) return true
      if (Date.now() >= until) return false
      await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(1, until - Date.now()))))
    }
  }

  return {
    pool,
    async lag() {
      const [target, replica] = await Promise.all([primaryLsn(), replayed()])
      if (!replica.standby) return { seconds: 0, bytes: 0, standby: false }
      const behind = target - lsnBytes(replica.lsn)
      const bytes = behind > 0n ? Number(behind) : 0
      return { seconds: bytes === 0 ? 0 : Math.max(0, replica.seconds ?? 0), bytes, standby: true }
    },
    waitFor,
    async caughtUp(timeoutMs) {
      const target = await primaryLsn()
      return await waitFor(async () => {
        const replica = await replayed()
        return !replica.standby || lsnBytes(replica.lsn) >= target
      }, timeoutMs)
    },
    async close() {
      await pool.end()
    },
  }
}
