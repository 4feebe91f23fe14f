import type { Pool } from '@nexus/db'
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
 * Runs `foldTeamTotals` once the app is ready and then every `intervalMs`, until the app closes.
 *
 * @dev `teamInfo` is right without it (a read subtracts the power of rows past their end itself): the fold keeps that
 * read to the machines that ended since the last run. Folds of several instances at once are safe: the function
 * takes an advisory lock and marks each row once.
 */
export function startTeamFold(app: FastifyInstance, pool: Pool, intervalMs: number) {
  if (!Number.isFinite(intervalMs) || intervalMs < 1_000) {
    throw new RangeError(`teamFoldIntervalMs must be at least 1000 ms, not ${intervalMs}`)
  }
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = foldTeamTotals(pool).catch((error: unknown) => app.log.warn({ err: error }, 'team totals fold failed'))
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
