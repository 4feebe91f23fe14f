import { syncTeamTotals, type Pool } from '@nexus/db'
import type { FastifyInstance } from 'fastify'

/**
 * Marks the team rows of machines that have ended by `at` as expired and takes their power out of the team totals
 * (`legacy_team_fold`, prisma migration `team_totals`). Returns how many rows it marked.
 */
export async function foldTeamTotals(pool: Pool, at = new Date()): Promise<number> {
  const { rows } = await pool.query<{ folded: number }>('SELECT legacy_team_fold($1) AS folded', [at])
  return rows[0]?.folded ?? 0
}

/**
 * Runs `task` once the app is ready and then every `intervalMs` (never two at once), until the app closes; a
 * failure is logged as `failure` and the next run tries again.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  minimumMs: number,
  task: () => Promise<unknown>,
) {
  if (!Number.isFinite(intervalMs) || intervalMs < minimumMs) {
    throw new RangeError(`${name} must be at least ${minimumMs} ms, not ${intervalMs}`)
  }
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  const run = () => {
    running ??= task()
      .catch((error: unknown) => app.log.warn({ err: error }, `${name}: run failed`))
      .finally(() => {
        running = undefined
      })
  }
  app.addHook('onReady', async () => {
    run()
    timer = setInterval(run, intervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}

/**
 * Runs `foldTeamTotals` once the app is ready and then every `intervalMs`, until the app closes.
 *
 * @dev `teamInfo` is right without it (a read subtracts the power of rows past their end itself): the fold keeps that
 * read to the machines that ended since the last run. Folds of several instances at once are safe: the function
 * takes an advisory lock and marks each row once.
 */
export function startTeamFold(app: FastifyInstance, pool: Pool, intervalMs: number) {
  runPeriodically(app, 'teamFoldIntervalMs', intervalMs, 1_000, () => foldTeamTotals(pool))
}

/**
 * Runs `syncTeamTotals` of `@nexus/db` for `chainId` once the app is ready and then every `intervalMs`: the team
 * rows follow the indexer's referral tree (read through its views) within that time. Machines bought here join the
 * synced teams at once (database triggers on `legacy_machine`).
 */
export function startTeamSync(app: FastifyInstance, pool: Pool, chainId: number, intervalMs: number) {
  runPeriodically(app, 'teamSyncIntervalMs', intervalMs, 100, () => syncTeamTotals(pool, chainId))
}
