import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { answer } from '../../../../plugins/app/ok.ts'
import { addressField } from '../../../../schemas/fields.ts'

/**
 * POST nonce {address} (sign-in, step 1): a one-time nonce for a Sign-In with Ethereum message of `address`.
 * data: `{ nonce, chainId, domains, issuedAt, expirationTime }`; the client builds the message with
 * `createSignInMessage` (@nexus/sdk) for one of `domains`, an expiration no later than `expirationTime`.
 */
export function nonceRoute(app: FastifyInstance, { auth, rateLimits }: LegacyContext) {
  app.post('/nonce', { config: { rateLimit: { max: rateLimits.login, timeWindow: 60_000 } } }, async (request) => {
    const address = addressField(request.body, 'address')
    const { nonce, issuedAt, expiresAt } = await auth.issueNonce(address)
    return answer(request, 'nonce', {
      nonce,
      chainId: auth.settings.chainId,
      domains: auth.settings.domains,
      issuedAt: issuedAt.toISOString(),
      expirationTime: expiresAt.toISOString(),
    })
  })
}
