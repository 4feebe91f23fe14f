import type pg from 'pg'

/** What `syncTeamTotals` did: nothing new, rows added above the synced block, or the chain's rows rebuilt. */
export type TeamSyncResult = 'unchanged' | 'added' | 'rebuilt'

/** The lock every change of the legacy team rows takes (migrations `team_totals` and `table_owners`). */
const teamLock = "hashtext('legacy_team_total')"

/**
 * Brings the legacy API's team rows (`legacy_team_machine`, `legacy_team_total`) of `chainId` up to the indexer's
 * checkpoint, reading the referral tree through the indexer's views (`legacy_team_sync`, migration `table_owners`).
 * The legacy API runs it every `teamSyncIntervalMs`; several instances at once are safe.
 *
 * @dev The team lock is taken as a session lock before the REPEATABLE READ transaction's first statement, so that
 * the transaction's snapshot is taken once no purchase can change the team rows any more, and the checkpoint and
 * the tree are read from one committed state of the index.
 */
export async function syncTeamTotals(pool: pg.Pool, chainId: number): Promise<TeamSyncResult> {
  const client = await pool.connect()
  let broken = false
  try {
    await client.query(`SELECT pg_advisory_lock(${teamLock})`)
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ')
      try {
        const { rows } = await client.query<{ result: TeamSyncResult }>('SELECT legacy_team_sync($1) AS result', [
          chainId,
        ])
        await client.query('COMMIT')
        const result = rows[0]?.result
        if (!result) throw new Error('legacy_team_sync answered no row')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true
        })
        throw error
      }
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${teamLock})`).catch(() => {
        broken = true
      })
    }
  } finally {
    // A connection whose state is unknown (the lock possibly still held) is closed rather than reused.
    client.release(broken)
  }
}
