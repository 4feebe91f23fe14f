import type { LegacyData, LegacyRoute } from '@nexus/sdk'
import type { FastifyRequest } from 'fastify'
import { ResponseCode } from '../../errors.ts'
import { langOf, translate } from '../../schemas/messages.ts'

/** A success response: `{ code: 0, msg, data }` (msg in the `lang` language). */
export function ok<T>(request: FastifyRequest, data: T) {
  return { code: ResponseCode.ok, msg: translate('ok', langOf(request.headers.lang)), data }
}

/**
 * The success response of `route`, its data typed as the web reads it (`LegacyRoutes` of @nexus/sdk): an answer
 * that no longer matches fails the typecheck here.
 */
export function answer<route extends LegacyRoute>(request: FastifyRequest, _route: route, data: LegacyData<route>) {
  return ok(request, data)
}
