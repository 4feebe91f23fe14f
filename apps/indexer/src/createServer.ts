import type { Database, ReadReplica } from '@nexus/db'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { createGraphQL } from './graphql/createGraphQL.ts'
import type { QueryLimits } from './graphql/limits.ts'
import { createReadRouter, type ReplicaStatus } from './graphql/readRouter.ts'
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
  /**
   * A streaming replica for GraphQL reads (DATABASE_READ_URL; `db` stays the primary): requests read it, except one
   * whose `extensions.minBlock` the replica has not reached within `readWaitMs`, which reads the primary.
   */
  replica?: Pick<ReadReplica, 'pool' | 'lag' | 'waitFor'> | undefined
  /** How long a request waits for the replica to reach its `minBlock` (default 1,000 ms). */
  readWaitMs?: number
  /** /readyz answers 503 while the replica is more than this many seconds behind the primary (default 30). */
  readMaxLagSeconds?: number
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

function replicaJson(replica: ReplicaStatus) {
  return {
    indexedBlock: replica.indexedBlock === null ? null : replica.indexedBlock.toString(),
    lagBlocks: replica.lagBlocks.toString(),
    lagSeconds: replica.lagSeconds,
    lagBytes: replica.lagBytes,
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
  const readMaxLagSeconds = parameters.readMaxLagSeconds ?? 30
  const router = createReadRouter({
    primary: db.pool,
    replica: parameters.replica,
    chainId,
    waitMs: parameters.readWaitMs ?? 1_000,
    metrics,
    onReplicaError: (error) => app.log.warn({ msg: 'read replica failed: reading the primary', err: error }),
  })
  // The replica's lag (null without one); a replica that does not answer is reported as such, never thrown.
  const replicaStatus = () =>
    router.replicaLag().catch((error: unknown) => {
      app.log.warn({ msg: 'read replica unreachable', err: error })
      return 'unreachable' as const
    })

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
    const replica = await replicaStatus()
    const body = {
      ...statusJson(status),
      maxLag: readyMaxLag,
      ...(replica === 'unreachable'
        ? { replica: { reachable: false } }
        : replica && { replica: { ...replicaJson(replica), maxLagSeconds: readMaxLagSeconds } }),
    }
    if (replica === 'unreachable')
      return reply.code(503).send({ status: 'not_ready', reason: 'read replica unreachable', ...body })
    if (replica && replica.lagSeconds > readMaxLagSeconds) {
      const reason = `read replica behind: ${replica.lagSeconds.toFixed(1)} s`
      return reply.code(503).send({ status: 'not_ready', reason, ...body })
    }
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
    await replicaStatus()
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
  })

  const yoga = createGraphQL({
    context: { getStatus, chainId, contracts: parameters.contracts ?? [] },
    poolFor: router.poolFor,
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
      const started = performance.now()
      const response = await yoga.handleNodeRequestAndResponse(request, reply)
      if (/^(text\/event-stream|multipart\/)/i.test(response.headers.get('content-type') ?? '')) return response
      reply.code(response.status)
      for (const [name, value] of response.headers) reply.header(name, value)
      // (text(), not body: reading `body` would build the stream this avoids.)
      const text = await response.text()
      // graphql-js puts `errors` first in a result that has any
      const failed = response.status >= 400 || text.startsWith('{"errors"')
      metrics.graphqlDuration.observe({ outcome: failed ? 'error' : 'ok' }, (performance.now() - started) / 1000)
      return reply.send(text)
    },
  })

  return app
}
