import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { rejected } from '../../../../errors.ts'
import { fromUnits, toUnits } from '../../../../internal/money.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { optionalIntegerField } from '../../../../schemas/fields.ts'

/** Most members one answer lists (in registration order). */
export const recommendLimit = 500

/**
 * POST recommendList (optional {userId}): the direct referrals, from the indexer's referral tree (its views
 * `indexer_registration`, `indexer_referral_path`, `indexer_team_member_count`), of the token's
 * wallet or of `userId` (an account here that is in the wallet's team). data: `{ address, total, list: {
 * address, userId, username, teamCount, power, registeredAt }[] }` (`userId`/`username` null for a wallet with
 * no account here; `power` of its running machines).
 */
export function recommendListRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, readPool, chainId, auth } = context
  app.post('/recommendList', async (request) => {
    const address = await auth.authenticate(request)
    const userId = optionalIntegerField(request.body, 'userId', { min: 1, max: 2_147_483_647 })
    // the indexer's tree, as of at least the moment of the request: the replica when it has replayed that far
    const tree = await readPool()
    let target = address as string
    if (userId !== undefined) {
      const user = await prisma.legacyUser.findUnique({ where: { id: userId }, select: { address: true } })
      if (!user) throw rejected('userNotInTeam')
      if (user.address !== address) {
        const inTeam = await tree.query(
          'SELECT 1 FROM indexer_referral_path WHERE chain_id = $1 AND ancestor = $2 AND descendant = $3',
          [chainId, address, user.address],
        )
        if (!inTeam.rowCount) throw rejected('userNotInTeam')
      }
      target = user.address
    }
    // The direct members from the indexer's view, with their team sizes (kept with the tree: one row per member).
    const [{ rows: counted }, { rows: members }] = await Promise.all([
      tree.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM indexer_registration WHERE chain_id = $1 AND referrer = $2',
        [chainId, target],
      ),
      tree.query<{ account: string; block_timestamp: string; team: number | null }>(
        `SELECT r.account, r.block_timestamp::text, c.team FROM indexer_registration r
         LEFT JOIN indexer_team_member_count c ON c.chain_id = r.chain_id AND c.account = r.account
         WHERE r.chain_id = $1 AND r.referrer = $2 ORDER BY r.index LIMIT $3`,
        [chainId, target, recommendLimit],
      ),
    ])
    const total = counted[0]?.total ?? 0
    const accounts = members.map((member) => member.account)
    const now = new Date()
    const [users, powers] = accounts.length
      ? await Promise.all([
          prisma.legacyUser.findMany({
            where: { address: { in: accounts } },
            select: { id: true, address: true, username: true },
          }),
          prisma.$queryRaw<{ address: string; power: string }[]>`
            SELECT u.address, SUM(m.power)::text AS power FROM legacy_user u
            JOIN legacy_machine m ON m.user_id = u.id AND m.end_at > ${now}
            WHERE u.address = ANY(${accounts}) GROUP BY u.address`,
        ])
      : [[], []]
    const userBy = new Map(users.map((user) => [user.address, user]))
    const powerBy = new Map(powers.map((row) => [row.address, row.power]))
    return ok(request, {
      address: target,
      total,
      list: members.map((member) => {
        const user = userBy.get(member.account)
        return {
          address: member.account,
          userId: user?.id ?? null,
          username: user?.username ?? null,
          teamCount: member.team ?? 0,
          power: fromUnits(toUnits(powerBy.get(member.account) ?? '0')),
          registeredAt: new Date(Number(member.block_timestamp) * 1000).toISOString(),
        }
      }),
    })
  })
}
