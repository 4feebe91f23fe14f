import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { answer } from '../../../../plugins/app/ok.ts'
import { signatureField, textField } from '../../../../schemas/fields.ts'

/**
 * POST login {message, signature} (sign-in, step 2): verifies the signed EIP-4361 message (domain, chain id,
 * the nonce of step 1, issue and expiry times, signer) and answers the token for the `token` header.
 * data: `{ token, address, expiresAt, isRegister }`.
 */
export function loginRoute(app: FastifyInstance, { auth, prisma, rateLimits }: LegacyContext) {
  app.post('/login', { config: { rateLimit: { max: rateLimits.login, timeWindow: 60_000 } } }, async (request) => {
    const message = textField(request.body, 'message', 2_000)
    const signature = signatureField(request.body, 'signature')
    const session = await auth.login(message, signature)
    const user = await prisma.legacyUser.findUnique({ where: { address: session.address }, select: { id: true } })
    return answer(request, 'login', {
      token: session.token,
      address: session.address,
      expiresAt: session.expiresAt.toISOString(),
      isRegister: user !== null,
    })
  })
}
