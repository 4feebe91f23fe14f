import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { langOf } from '../../../../schemas/messages.ts'
import { machineView } from './buyMachine.ts'

/** Most purchases one answer lists (newest first). */
export const logLimit = 200

/** POST buyMachineLog: the user's machine purchases, newest first. data: `{ list: Purchase[] }`. */
export function buyMachineLogRoute(app: FastifyInstance, context: LegacyContext) {
  app.post('/buyMachineLog', async (request) => {
    const user = await requireUser(context, request)
    const machines = await context.prisma.legacyMachine.findMany({
      where: { userId: user.id },
      orderBy: { id: 'desc' },
      take: logLimit,
      include: { type: { select: { name: true, nameZh: true } } },
    })
    const lang = langOf(request.headers.lang)
    const now = new Date()
    return ok(request, {
      list: machines.map((machine) => ({
        ...machineView(machine, now),
        name: lang === 'zh-cn' ? machine.type.nameZh : machine.type.name,
      })),
    })
  })
}
