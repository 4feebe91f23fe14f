import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { answer } from '../../../../plugins/app/ok.ts'

/** POST logout: revokes the `token` header's token; later requests with it answer 4700. data: `null`. */
export function logoutRoute(app: FastifyInstance, { auth }: LegacyContext) {
  app.post('/logout', async (request) => {
    await auth.revoke(request)
    return answer(request, 'logout', null)
  })
}
