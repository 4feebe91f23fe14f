import type { FastifyRequest } from 'fastify'
import { ResponseCode } from '../../errors.ts'
import { langOf, translate } from '../../schemas/messages.ts'

/** A success response: `{ code: 0, msg, data }` (msg in the `lang` language). */
export function ok<T>(request: FastifyRequest, data: T) {
  return { code: ResponseCode.ok, msg: translate('ok', langOf(request.headers.lang)), data }
}
