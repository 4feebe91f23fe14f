import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { machineTypeView } from '../../../../internal/products.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { langOf } from '../../../../schemas/messages.ts'

/** POST machineTypeList: the machines for sale. data: `{ list: MachineType[] }`. */
export function machineTypeListRoute(app: FastifyInstance, { prisma }: LegacyContext) {
  app.post('/machineTypeList', async (request) => {
    const types = await prisma.legacyMachineType.findMany({
      where: { enabled: true },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    })
    const lang = langOf(request.headers.lang)
    return ok(request, { list: types.map((type) => machineTypeView(type, lang)) })
  })
}
