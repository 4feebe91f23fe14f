import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { rejected } from '../../../../errors.ts'
import { fromUnits, toUnits } from '../../../../internal/money.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { optionalIntegerField } from '../../../../schemas/fields.ts'

/** Most members one answer lists (in registration order). */
export const recommendLimit = 500

/**
 * POST recommendList (optional {userId}): the direct referrals, from the indexer's referral tree, of the token's
 * wallet or of `userId` (an account here that is in the wallet's team). data: `{ address, total, list: {
 * address, userId, username, teamCount, power, registeredAt }[] }` (`userId`/`username` null for a wallet with
 * no account here; `power` of its running machines).
 */
export function recommendListRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, chainId, auth } = context
  app.post('/recommendList', async (request) => {
    const address = await auth.authenticate(request)
    const userId = optionalIntegerField(request.body, 'userId', { min: 1, max: 2_147_483_647 })
    let target = address as string
    if (userId !== undefined) {
      const user = await prisma.legacyUser.findUnique({ where: { id: userId }, select: { address: true } })
      if (!user) throw rejected('userNotInTeam')
      if (user.address !== address) {
        const inTeam = await prisma.referralPath.findUnique({
          where: { chainId_ancestor_descendant: { chainId, ancestor: address, descendant: user.address } },
          select: { distance: true },
        })
        if (!inTeam) throw rejected('userNotInTeam')
      }
      target = user.address
    }
    const [total, members] = await Promise.all([
      prisma.registration.count({ where: { chainId, referrer: target } }),
      prisma.registration.findMany({
        where: { chainId, referrer: target },
        orderBy: { index: 'asc' },
        take: recommendLimit,
        select: { account: true, blockTimestamp: true },
      }),
    ])
    const accounts = members.map((member) => member.account)
    const now = new Date()
    const [users, teams, powers] = accounts.length
      ? await Promise.all([
          prisma.legacyUser.findMany({
            where: { address: { in: accounts } },
            select: { id: true, address: true, username: true },
          }),
          // Team sizes kept with the tree (one row per member, not one per member of their teams).
          prisma.teamMemberCount.findMany({
            where: { chainId, account: { in: accounts } },
            select: { account: true, team: true },
          }),
          prisma.$queryRaw<{ address: string; power: string }[]>`
            SELECT u.address, SUM(m.power)::text AS power FROM legacy_user u
            JOIN legacy_machine m ON m.user_id = u.id AND m.end_at > ${now}
            WHERE u.address = ANY(${accounts}) GROUP BY u.address`,
        ])
      : [[], [], []]
    const userBy = new Map(users.map((user) => [user.address, user]))
    const teamBy = new Map(teams.map((team) => [team.account, team.team]))
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
          teamCount: teamBy.get(member.account) ?? 0,
          power: fromUnits(toUnits(powerBy.get(member.account) ?? '0')),
          registeredAt: new Date(Number(member.blockTimestamp) * 1000).toISOString(),
        }
      }),
    })
  })
}
