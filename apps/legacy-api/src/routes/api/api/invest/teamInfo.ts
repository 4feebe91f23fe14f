import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { decimalText } from '../../../../internal/money.ts'
import { answer } from '../../../../plugins/app/ok.ts'

type TeamFigures = {
  registered: boolean | null
  referrer: string | null
  direct_count: number | null
  team_count: number | null
  team_power: string | null
  team_amount: string | null
}

/**
 * POST teamInfo: the token's wallet's team, from the indexer's referral tree (its views `indexer_registration`,
 * `indexer_team_member_count`: the same team as the web app shows), with the team's machine power and purchases here.
 * data: `{ address, registered, referrer, directCount, teamCount, teamPower, teamAmount }`.
 *
 * @dev The client polls it: one pg query (with the token check) reads one row per table, whatever the team's size.
 * The totals are kept by this API: `legacy_team_sync` brings them up to the indexer's tree every
 * `teamSyncIntervalMs`, and database triggers on `legacy_machine` as machines are bought (prisma migrations
 * `team_totals`, `table_owners`). `teamPower` counts the machines still running at the time of the request: the power of the
 * ones that ended since `legacy_team_fold` last ran (see `startTeamFold`) is subtracted here.
 */
export function teamInfoRoute(app: FastifyInstance, context: LegacyContext) {
  const { chainId, auth } = context
  const teamFigures = auth.userQuery<TeamFigures>(
    `SELECT r.account IS NOT NULL AS registered, r.referrer,
         COALESCE(c.direct, 0) AS direct_count, COALESCE(c.team, 0) AS team_count,
         (COALESCE(t.power, 0) - COALESCE((SELECT sum(m.power) FROM legacy_team_machine m
            WHERE m.chain_id = $2 AND m.ancestor = s.address AND NOT m.expired AND m.end_at <= $3), 0))::text AS team_power,
         COALESCE(t.amount, 0)::text AS team_amount
       FROM (SELECT) one
       LEFT JOIN indexer_registration r ON r.chain_id = $2 AND r.account = s.address
       LEFT JOIN indexer_team_member_count c ON c.chain_id = $2 AND c.account = s.address
       LEFT JOIN legacy_team_total t ON t.chain_id = $2 AND t.ancestor = s.address`,
    () => [chainId, new Date()],
  )
  app.post('/teamInfo', async (request) => {
    const { address, figures } = await teamFigures(request, [chainId, new Date()])
    return answer(request, 'teamInfo', {
      address,
      registered: figures.registered ?? false,
      referrer: figures.referrer,
      directCount: figures.direct_count ?? 0,
      teamCount: figures.team_count ?? 0,
      teamPower: decimalText(figures.team_power ?? '0'),
      teamAmount: decimalText(figures.team_amount ?? '0'),
    })
  })
}
