import { isDatabaseUnavailable } from '@nexus/db'
import type { FastifyError, FastifyInstance } from 'fastify'
import { LegacyError, ResponseCode } from '../../errors.ts'
import { langOf, translate, type MessageKey } from '../../schemas/messages.ts'

function reject(key: MessageKey) {
  return { code: ResponseCode.rejected, key }
}

/**
 * viem's errors of an RPC endpoint that did not answer or answered a failure (not a call the chain refused): no
 * connection, HTTP error, timeout, a JSON-RPC error of the node (internal, limit, resource unavailable, unknown).
 */
const nodeFailures = new Set([
  'HttpRequestError',
  'TimeoutError',
  'SocketClosedError',
  'RpcRequestError',
  'InternalRpcError',
  'LimitExceededRpcError',
  'ResourceUnavailableRpcError',
  'UnknownRpcError',
])

/** Whether `error` (or one of its causes) is the chain node being unreachable or failing, not a refusal. */
function isNodeUnavailable(error: unknown): boolean {
  for (let inner = error, depth = 0; inner && typeof inner === 'object' && depth < 8; depth++) {
    if (nodeFailures.has((inner as Error).name)) return true
    inner = (inner as { cause?: unknown }).cause
  }
  return false
}

/** Maps framework and plugin errors (by Fastify error code or HTTP status) to a wire code and message. */
function classify(error: FastifyError): { code: number; key: MessageKey; params?: Record<string, string> } {
  if (error instanceof LegacyError) return { code: error.responseCode, key: error.messageKey, params: error.params }
  if (isDatabaseUnavailable(error) || isNodeUnavailable(error))
    return { code: ResponseCode.unavailable, key: 'unavailable' }
  if (error.statusCode === 429) return reject('tooManyRequests')
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return reject('bodyTooLarge')
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return reject('badRequest')
  return { code: ResponseCode.serverError, key: 'serverError' }
}

/**
 * The one error handler: every failure becomes HTTP 200 `{ code, msg, data: null }`, as the first version's
 * clients expect. 4700 logged out, 4800 rejected with a message in the `lang` language, 5030 the database or the
 * chain node away for now (retryable), 5000 anything else with a generic message. Details and stacks go to the log
 * only.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { code, key, params } = classify(error)
    if (code === ResponseCode.serverError) request.log.error({ err: error, url: request.url }, 'request failed')
    else if (code === ResponseCode.unavailable)
      request.log.warn({ reason: error.message, url: request.url }, 'request failed: a dependency is unavailable')
    else request.log.info({ code, reason: error.message, url: request.url }, 'request rejected')
    return reply.code(200).send({ code, msg: translate(key, langOf(request.headers.lang), params), data: null })
  })
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(200)
      .send({ code: ResponseCode.rejected, msg: translate('notFound', langOf(request.headers.lang)), data: null }),
  )
}
