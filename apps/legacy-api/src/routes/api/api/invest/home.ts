import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { decimalText } from '../../../../internal/money.ts'
import { rejected } from '../../../../errors.ts'
import { settleMining } from '../../../../internal/settleMining.ts'
import { walletBalances } from '../../../../internal/wallets.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import type { CreditType } from '../../../../schemas/fields.ts'

/** How long the site-wide figures of home (total power, users) are reused: they change slowly. */
export const homeTotalsTtlMs = 2_000

type HomeRow = { power: string; machines: number; wallets: Record<string, string>; due: boolean }

/**
 * POST home: the home screen: `{ user: { id, username, address }, power, totalPower, userCount, machineCount,
 * wallets: { USDT, ARB } }` (`totalPower`: all running machines, at most 2 s old; mining output credited first).
 *
 * @dev The client polls this every 3 s: the token check and the user's figures are one pg query (see
 * LegacyContext.pool), the site-wide totals come from a short-lived cache.
 */
export function homeRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, pool, auth, dayLength } = context
  let totals: { at: number; value: Promise<{ power: string; users: number }> } | undefined

  function siteTotals() {
    const at = Date.now()
    if (!totals || at - totals.at > homeTotalsTtlMs) {
      const value = pool
        .query<{ power: string; users: number }>(
          `SELECT COALESCE((SELECT SUM(power) FROM legacy_machine WHERE end_at > $1), 0)::text AS power,
                  (SELECT COUNT(*) FROM legacy_user)::int AS users`,
          [new Date(at)],
        )
        .then(({ rows }) => rows[0] ?? { power: '0', users: 0 })
      totals = { at, value }
      value.catch(() => (totals = undefined))
    }
    return totals.value
  }

  // The token check and the user's figures in one query.
  const homeFigures = auth.userQuery<HomeRow>(
    `SELECT
          ((SELECT COALESCE(SUM(power), 0) FROM legacy_machine WHERE user_id = u.id AND end_at > $2)
            + COALESCE((SELECT n.power FROM legacy_node_order o JOIN legacy_node n ON n.id = o.node_id
                        WHERE o.user_id = u.id), 0))::text AS power,
          (SELECT COUNT(*) FROM legacy_machine WHERE user_id = u.id AND end_at > $2)::int AS machines,
          (SELECT COALESCE(json_object_agg(credit_type, balance::text), '{}'::json)
             FROM legacy_wallet WHERE user_id = u.id) AS wallets,
          EXISTS (SELECT 1 FROM legacy_machine WHERE user_id = u.id AND settled_days < days
                    AND start_at + make_interval(secs => (settled_days + 1)::double precision * $3) <= $2) AS due`,
    () => [new Date(), dayLength],
  )

  app.post('/home', async (request) => {
    const now = new Date()
    const [{ user, figures }, site] = await Promise.all([homeFigures(request, [now, dayLength]), siteTotals()])
    if (!user) throw rejected('notRegistered')
    let wallets: Record<CreditType, string>
    if (figures.due) {
      await settleMining(prisma, user.id, dayLength, now)
      wallets = await walletBalances(prisma, user.id)
    } else {
      wallets = { USDT: decimalText(figures.wallets.USDT ?? '0'), ARB: decimalText(figures.wallets.ARB ?? '0') }
    }
    return ok(request, {
      user: { id: user.id, username: user.username, address: user.address },
      power: decimalText(figures.power),
      totalPower: decimalText(site.power),
      userCount: site.users,
      machineCount: figures.machines,
      wallets,
    })
  })
}
