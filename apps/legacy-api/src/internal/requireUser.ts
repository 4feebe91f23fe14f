import type { FastifyRequest } from 'fastify'
import type { LegacyContext } from '../context.ts'
import { rejected } from '../errors.ts'

/**
 * The registered user of the request's token.
 * @throws LegacyError 4700 without a valid token, 4800 "Please register first" for a wallet without an account.
 */
export async function requireUser(context: LegacyContext, request: FastifyRequest) {
  const { user } = await context.auth.authenticateUser(request)
  if (!user) throw rejected('notRegistered')
  return user
}
