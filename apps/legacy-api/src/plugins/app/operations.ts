import type { Pool, ReadReplica } from '@nexus/db'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

export type LegacyMetrics = ReturnType<typeof createLegacyMetrics>

/** The legacy API's Prometheus metrics, on a registry of their own (several apps can live in one test process). */
export function createLegacyMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'legacy_api_' })
  return {
    registry,
    requests: new Histogram({
      name: 'legacy_api_request_duration_seconds',
      help:
        'Requests by route (the path under /api/api/invest/, or healthz, readyz, metrics, unknown) and answer code ' +
        '(the envelope code 0, 4700, 4800, 5000; the HTTP status outside the envelope)',
      labelNames: ['route', 'code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    replicaReads: new Counter({
      name: 'legacy_api_replica_reads_total',
      help:
        'Reads that may use the replica (DATABASE_READ_URL), by where they went: replica (it had replayed what the ' +
        'primary had committed, at once or within READ_REPLICA_WAIT_MS), primary (still behind, or failed)',
      labelNames: ['via'] as const,
      registers: [registry],
    }),
    replicaLagSeconds: new Gauge({
      name: 'legacy_api_replica_lag_seconds',
      help: 'Seconds the read replica is behind the primary (0 when it has replayed everything)',
      registers: [registry],
    }),
    replicaLagBytes: new Gauge({
      name: 'legacy_api_replica_lag_bytes',
      help: "Bytes of the primary's WAL the read replica has not replayed",
      registers: [registry],
    }),
  }
}

export type ReadRouting = {
  primary: Pool
  replica?: Pick<ReadReplica, 'pool' | 'lag' | 'caughtUp'> | undefined
  /** How long a read waits for the replica to replay what the primary had committed (READ_REPLICA_WAIT_MS). */
  waitMs: number
  /** /readyz answers 503 while the replica is further behind than this (READ_REPLICA_MAX_LAG_SECONDS). */
  maxLagSeconds: number
  metrics: LegacyMetrics
}

/**
 * The pool of a read that may use the replica: the replica once it has replayed everything the primary had
 * committed when the read began (so no one misses what was written before their request), else the primary.
 */
export function createReadPool(routing: ReadRouting, onError: (error: unknown) => void) {
  const { primary, replica, waitMs, metrics } = routing
  return async (): Promise<Pick<Pool, 'query'>> => {
    if (!replica) return primary
    try {
      const caughtUp = await replica.caughtUp(waitMs)
      metrics.replicaReads.inc({ via: caughtUp ? 'replica' : 'primary' })
      return caughtUp ? replica.pool : primary
    } catch (error) {
      onError(error)
      metrics.replicaReads.inc({ via: 'primary' })
      return primary
    }
  }
}

const prefix = '/api/api/invest/'

/** The read replica's part of /readyz: `reason` when it makes the app not ready, `replica` its lag (none without one). */
export type ReplicaReadiness = {
  reason?: string
  replica?: { lagSeconds: number; lagBytes: number; maxLagSeconds: number }
}

/**
 * /metrics (Prometheus, with request latency by route and answer code), outside the legacy envelope. Returns the read
 * replica's readiness for /readyz: unreachable, or more than `maxLagSeconds` behind, makes the app not ready.
 */
export function registerOperations(app: FastifyInstance, routing: ReadRouting): () => Promise<ReplicaReadiness> {
  const { replica, maxLagSeconds, metrics } = routing

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.routeOptions.url
    const route = path?.startsWith(prefix) ? path.slice(prefix.length) : path ? path.slice(1) : 'unknown'
    const envelope = typeof payload === 'string' ? /^\{"code":(\d+)/.exec(payload) : null
    const elapsed = reply.elapsedTime / 1000
    metrics.requests.observe({ route, code: envelope?.[1] ?? String(reply.statusCode) }, elapsed)
    return payload
  })

  const replicaLag = async () => {
    if (!replica) return null
    const lag = await replica.lag()
    metrics.replicaLagSeconds.set(lag.seconds)
    metrics.replicaLagBytes.set(lag.bytes)
    return lag
  }

  app.get('/metrics', { config: { rateLimit: false } }, async (_request, reply) => {
    await replicaLag().catch((error: unknown) => app.log.warn({ err: error }, 'metrics: read replica unreachable'))
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
  })

  return async () => {
    let lag: Awaited<ReturnType<typeof replicaLag>>
    try {
      lag = await replicaLag()
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check: read replica unreachable')
      return { reason: 'read replica unreachable' }
    }
    if (!lag) return {}
    const status = { replica: { lagSeconds: lag.seconds, lagBytes: lag.bytes, maxLagSeconds } }
    return lag.seconds > maxLagSeconds
      ? { reason: `read replica behind: ${lag.seconds.toFixed(1)} s`, ...status }
      : status
  }
}
