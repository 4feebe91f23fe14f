import type { FastifyError, FastifyInstance } from 'fastify'
import { LegacyError, ResponseCode } from '../../errors.ts'
import { langOf, translate, type MessageKey } from '../../schemas/messages.ts'

function reject(key: MessageKey) {
  return { code: ResponseCode.rejected, key }
}

/** Maps framework and plugin errors (by Fastify error code or HTTP status) to a wire code and message. */
function classify(error: FastifyError): { code: number; key: MessageKey; params?: Record<string, string> } {
  if (error instanceof LegacyError) return { code: error.responseCode, key: error.messageKey, params: error.params }
  if (error.statusCode === 429) return reject('tooManyRequests')
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return reject('bodyTooLarge')
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return reject('badRequest')
  return { code: ResponseCode.serverError, key: 'serverError' }
}

/**
 * The one error handler: every failure becomes HTTP 200 `{ code, msg, data: null }`, as the first version's
 * clients expect. 4700 logged out, 4800 rejected with a message in the `lang` language, 5000 anything else with
 * a generic message. Details and stacks go to the log only.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { code, key, params } = classify(error)
    if (code === ResponseCode.serverError) request.log.error({ err: error, url: request.url }, 'request failed')
    else request.log.info({ code, reason: error.message, url: request.url }, 'request rejected')
    return reply.code(200).send({ code, msg: translate(key, langOf(request.headers.lang), params), data: null })
  })
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(200)
      .send({ code: ResponseCode.rejected, msg: translate('notFound', langOf(request.headers.lang)), data: null }),
  )
}
