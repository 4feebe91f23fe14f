import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { answer } from '../../../../plugins/app/ok.ts'
import { addressField } from '../../../../schemas/fields.ts'

/**
 * POST isRegister {address}: whether the wallet has an account on this server.
 * data: `{ isRegister: boolean }`.
 */
export function isRegisterRoute(app: FastifyInstance, { prisma }: LegacyContext) {
  app.post('/isRegister', async (request) => {
    const address = addressField(request.body, 'address')
    const user = await prisma.legacyUser.findUnique({ where: { address }, select: { id: true } })
    return answer(request, 'isRegister', { isRegister: user !== null })
  })
}
