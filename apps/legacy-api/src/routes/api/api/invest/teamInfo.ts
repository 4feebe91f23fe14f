import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { fromUnits, toUnits } from '../../../../internal/money.ts'
import { ok } from '../../../../plugins/app/ok.ts'

/**
 * POST teamInfo: the token's wallet's team, from the indexer's referral tree (`registration`,
 * `referral_path`: the same team as the web app shows), with the team's machine power and purchases here.
 * data: `{ address, registered, referrer, directCount, teamCount, teamPower, teamAmount }`.
 */
export function teamInfoRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, chainId, auth } = context
  app.post('/teamInfo', async (request) => {
    const address = await auth.authenticate(request)
    const now = new Date()
    const [registration, counts, totals] = await Promise.all([
      prisma.registration.findUnique({
        where: { chainId_account: { chainId, account: address } },
        select: { referrer: true },
      }),
      prisma.$queryRaw<{ direct: bigint; team: bigint }[]>`
        SELECT COUNT(*) FILTER (WHERE distance = 1) AS direct, COUNT(*) AS team
        FROM referral_path WHERE chain_id = ${chainId} AND ancestor = ${address}`,
      prisma.$queryRaw<{ power: string; amount: string }[]>`
        SELECT COALESCE(SUM(m.power) FILTER (WHERE m.end_at > ${now}), 0)::text AS power,
               COALESCE(SUM(m.amount), 0)::text AS amount
        FROM referral_path p
        JOIN legacy_user u ON u.address = p.descendant
        JOIN legacy_machine m ON m.user_id = u.id
        WHERE p.chain_id = ${chainId} AND p.ancestor = ${address}`,
    ])
    return ok(request, {
      address,
      registered: registration !== null,
      referrer: registration?.referrer ?? null,
      directCount: Number(counts[0]?.direct ?? 0),
      teamCount: Number(counts[0]?.team ?? 0),
      teamPower: fromUnits(toUnits(totals[0]?.power ?? '0')),
      teamAmount: fromUnits(toUnits(totals[0]?.amount ?? '0')),
    })
  })
}
