import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { fromUnits, toUnits } from '../../../../internal/money.ts'
import { userPower } from '../../../../internal/power.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { settleMining } from '../../../../internal/settleMining.ts'
import { walletBalances } from '../../../../internal/wallets.ts'
import { ok } from '../../../../plugins/app/ok.ts'

/**
 * POST home: the home screen: `{ user: { id, username, address }, power, totalPower, userCount, machineCount,
 * wallets: { USDT, ARB } }` (`totalPower`: all running machines; mining output credited first).
 */
export function homeRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, dayLength } = context
  app.post('/home', async (request) => {
    const user = await requireUser(context, request)
    await settleMining(prisma, user.id, dayLength)
    const now = new Date()
    const [power, wallets, machineCount, totals] = await Promise.all([
      userPower(prisma, user.id, now),
      walletBalances(prisma, user.id),
      prisma.legacyMachine.count({ where: { userId: user.id, endAt: { gt: now } } }),
      prisma.$queryRaw<{ power: string; users: bigint }[]>`
        SELECT COALESCE((SELECT SUM(power) FROM legacy_machine WHERE end_at > ${now}), 0)::text AS power,
               (SELECT COUNT(*) FROM legacy_user) AS users`,
    ])
    return ok(request, {
      user: { id: user.id, username: user.username, address: user.address },
      power: fromUnits(power),
      totalPower: fromUnits(toUnits(totals[0]?.power ?? '0')),
      userCount: Number(totals[0]?.users ?? 0),
      machineCount,
      wallets,
    })
  })
}
