import type { Database } from '@nexus/db'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { createGraphQL } from './graphql/createGraphQL.ts'
import type { QueryLimits } from './graphql/limits.ts'
import { createMetrics, type IndexerMetrics } from './internal/metrics.ts'
import type { Rpc } from './sync/createRpc.ts'
import { createStatus, type IndexerStatus } from './sync/createStatus.ts'

export type CreateServerParameters = {
  db: Pick<Database, 'pool'>
  rpc: Rpc
  chainId: number
  confirmations: number
  /** /readyz is 200 while the indexed block is at most this many blocks behind the head. */
  readyMaxLag: number
  /** Deployment names of the indexed contracts (valid `contract` arguments in GraphQL). */
  contracts?: readonly string[]
  metrics?: IndexerMetrics
  /** GraphQL limits, including whether introspection is allowed. */
  graphql?: Partial<QueryLimits>
  /** Largest request body in bytes (default 64 KiB): GraphQL documents are small. */
  bodyLimit?: number
  logger?: FastifyServerOptions['logger']
}

/** JSON of a status: bigints as decimal strings. */
function statusJson(status: IndexerStatus) {
  const text = (value: bigint | null) => (value === null ? null : value.toString())
  return {
    chainId: status.chainId,
    chainHead: text(status.chainHead),
    indexedBlock: text(status.indexedBlock),
    confirmedBlock: text(status.confirmedBlock),
    lag: text(status.lag),
    confirmations: status.confirmations,
  }
}

/**
 * The indexer's HTTP server: /healthz, /readyz, /metrics and GraphQL at /graphql. Ingestion runs beside it
 * (see main.ts); the server only reads.
 *
 * @example
 * const app = createServer({ db, rpc, chainId: 31337, confirmations: 0, readyMaxLag: 5 })
 * await app.listen({ port: 4000, host: '127.0.0.1' })
 */
export function createServer(parameters: CreateServerParameters): FastifyInstance {
  const { db, rpc, chainId, confirmations, readyMaxLag } = parameters
  const metrics = parameters.metrics ?? createMetrics()
  const logger = parameters.logger ?? false
  const level = typeof logger === 'object' && 'level' in logger ? logger.level : undefined
  const app = Fastify({
    logger,
    bodyLimit: parameters.bodyLimit ?? 64 * 1024,
    // A log line per request costs more than a GraphQL answer from an index: only at debug and trace level.
    logController: new LogController({ disableRequestLogging: level !== 'debug' && level !== 'trace' }),
  })
  const getStatus = createStatus({ pool: db.pool, rpc, chainId, confirmations, metrics })

  // Liveness: the process runs and serves HTTP. No dependency checks, so a slow database never gets it restarted.
  app.get('/healthz', async () => ({ status: 'ok' }))

  // Readiness: the database answers, the node answers, and the index is within `readyMaxLag` blocks of the head.
  app.get('/readyz', async (_request, reply) => {
    let status: IndexerStatus
    try {
      status = await getStatus()
    } catch (error) {
      app.log.warn({ msg: 'readiness check: database unreachable', err: error })
      return reply.code(503).send({ status: 'not_ready', reason: 'database unreachable', maxLag: readyMaxLag })
    }
    const body = { ...statusJson(status), maxLag: readyMaxLag }
    if (status.chainHead === null)
      return reply.code(503).send({ status: 'not_ready', reason: 'chain node unreachable', ...body })
    if (status.indexedBlock === null)
      return reply.code(503).send({ status: 'not_ready', reason: 'nothing indexed yet', ...body })
    if (status.lag !== null && status.lag > BigInt(readyMaxLag)) {
      return reply.code(503).send({ status: 'not_ready', reason: `catching up: ${status.lag} blocks behind`, ...body })
    }
    return reply.code(200).send({ status: 'ready', ...body })
  })

  app.get('/metrics', async (_request, reply) => {
    // Sets the block gauges; a database failure leaves them at their last values.
    await getStatus().catch((error: unknown) => app.log.warn({ msg: 'metrics: status unavailable', err: error }))
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
  })

  const yoga = createGraphQL({
    context: { getStatus, pool: db.pool, chainId, contracts: parameters.contracts ?? [] },
    ...(parameters.graphql && { limits: parameters.graphql }),
    logger: app.log,
  })
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    // @dev Yoga answers with a fetch Response whose body is mostly a string (JSON, or GraphiQL's page); handed to
    // Fastify as a Response, that string became a stream piped chunk by chunk into the socket. As a string,
    // Fastify sends the headers and body in one write. Event streams and multipart answers stay streams.
    handler: async (request, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(request, reply)
      if (/^(text\/event-stream|multipart\/)/i.test(response.headers.get('content-type') ?? '')) return response
      reply.code(response.status)
      for (const [name, value] of response.headers) reply.header(name, value)
      // (text(), not body: reading `body` would build the stream this avoids.)
      return reply.send(await response.text())
    },
  })

  return app
}
