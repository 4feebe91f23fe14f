import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { decimalText } from '../../../../internal/money.ts'
import { ok } from '../../../../plugins/app/ok.ts'

type TeamRow = {
  registered: boolean
  referrer: string | null
  direct: number
  team: number
  power: string
  amount: string
}

/**
 * POST teamInfo: the token's wallet's team, from the indexer's referral tree (`registration`,
 * `referral_path`: the same team as the web app shows), with the team's machine power and purchases here.
 * data: `{ address, registered, referrer, directCount, teamCount, teamPower, teamAmount }`.
 */
export function teamInfoRoute(app: FastifyInstance, context: LegacyContext) {
  const { pool, chainId, auth } = context
  app.post('/teamInfo', async (request) => {
    const address = await auth.authenticate(request)
    const now = new Date()
    // One pg query (see LegacyContext.pool): the closure table gives the team; its members' machines are joined by address.
    const { rows } = await pool.query<TeamRow>(
      `
      SELECT
        EXISTS (SELECT 1 FROM registration WHERE chain_id = $1 AND account = $2) AS registered,
        (SELECT referrer FROM registration WHERE chain_id = $1 AND account = $2) AS referrer,
        (SELECT COUNT(*) FROM referral_path
          WHERE chain_id = $1 AND ancestor = $2 AND distance = 1)::int AS direct,
        (SELECT COUNT(*) FROM referral_path WHERE chain_id = $1 AND ancestor = $2)::int AS team,
        totals.power, totals.amount
      FROM (
        SELECT COALESCE(SUM(m.power) FILTER (WHERE m.end_at > $3), 0)::text AS power,
               COALESCE(SUM(m.amount), 0)::text AS amount
        FROM referral_path p
        JOIN legacy_user u ON u.address = p.descendant
        JOIN legacy_machine m ON m.user_id = u.id
        WHERE p.chain_id = $1 AND p.ancestor = $2
      ) AS totals`,
      [chainId, address, now],
    )
    const row = rows[0]
    if (!row) throw new Error('teamInfo query returned no row')
    return ok(request, {
      address,
      registered: row.registered,
      referrer: row.referrer,
      directCount: row.direct,
      teamCount: row.team,
      teamPower: decimalText(row.power),
      teamAmount: decimalText(row.amount),
    })
  })
}
