import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { rejected } from '../../../../errors.ts'
import { machineTypeView } from '../../../../internal/products.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { integerField } from '../../../../schemas/fields.ts'
import { langOf } from '../../../../schemas/messages.ts'

/** POST machineDetail {type}: one machine type (`type` is its id). data: MachineType. */
export function machineDetailRoute(app: FastifyInstance, { prisma }: LegacyContext) {
  app.post('/machineDetail', async (request) => {
    const id = integerField(request.body, 'type', { min: 1, max: 1_000_000 })
    const type = await prisma.legacyMachineType.findFirst({ where: { id, enabled: true } })
    if (!type) throw rejected('machineTypeNotFound')
    return ok(request, machineTypeView(type, langOf(request.headers.lang)))
  })
}
