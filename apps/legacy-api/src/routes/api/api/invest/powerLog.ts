import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { decimalText } from '../../../../internal/money.ts'
import { userPower } from '../../../../internal/power.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { fromUnits } from '../../../../internal/money.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { logLimit } from './buyMachineLog.ts'

/**
 * POST powerLog: the user's power changes, newest first, and the power now.
 * data: `{ power, list: { id, amount, power, kind, createdAt }[] }`.
 */
export function powerLogRoute(app: FastifyInstance, context: LegacyContext) {
  app.post('/powerLog', async (request) => {
    const user = await requireUser(context, request)
    const [logs, power] = await Promise.all([
      context.prisma.legacyPowerLog.findMany({ where: { userId: user.id }, orderBy: { id: 'desc' }, take: logLimit }),
      userPower(context.prisma, user.id),
    ])
    return ok(request, {
      power: fromUnits(power),
      list: logs.map((log) => ({
        id: log.id,
        amount: decimalText(log.amount),
        power: decimalText(log.power),
        kind: log.kind,
        createdAt: log.createdAt.toISOString(),
      })),
    })
  })
}
