import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

export type IndexerMetrics = ReturnType<typeof createMetrics>

/**
 * The indexer's Prometheus metrics, on a registry of their own (several servers can live in one process,
 * as they do in tests). The block gauges are set by `getStatus`, which /metrics calls before each scrape.
 */
export function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  return {
    registry,
    indexedBlock: new Gauge({
      name: 'indexer_indexed_block',
      help: 'Highest block whose events are written (the checkpoint); -1 before the first range',
      registers: [registry],
    }),
    chainHead: new Gauge({
      name: 'indexer_chain_head_block',
      help: 'Latest block number reported by the chain node',
      registers: [registry],
    }),
    lag: new Gauge({
      name: 'indexer_lag_blocks',
      help: 'Blocks between the chain head and the indexed block',
      registers: [registry],
    }),
    rpcErrors: new Counter({
      name: 'indexer_rpc_errors_total',
      help: 'Failed JSON-RPC requests to the chain node (each failed attempt counts)',
      labelNames: ['method'] as const,
      registers: [registry],
    }),
    rpcFailovers: new Counter({
      name: 'indexer_rpc_failovers_total',
      help: 'Times the JSON-RPC calls moved to the next endpoint of RPC_URL after the one in use failed',
      registers: [registry],
    }),
    rpcHedges: new Counter({
      name: 'indexer_rpc_hedges_total',
      help: 'Header reads sent a second time because the first was unanswered after twice its usual round trip',
      registers: [registry],
    }),
    events: new Counter({
      name: 'indexer_events_total',
      help: 'Events written to the database',
      registers: [registry],
    }),
    syncProgress: new Gauge({
      name: 'indexer_sync_progress_ratio',
      help: 'Share of the current catch-up done (blocks done / blocks to index); 1 when caught up',
      registers: [registry],
    }),
    eventsPerSecond: new Gauge({
      name: 'indexer_events_per_second',
      help: 'Events written per second during the current (or last) catch-up',
      registers: [registry],
    }),
    etaSeconds: new Gauge({
      name: 'indexer_catch_up_eta_seconds',
      help: 'Estimated seconds until caught up (0 when caught up)',
      registers: [registry],
    }),
    phaseSeconds: new Counter({
      name: 'indexer_sync_phase_seconds_total',
      help: 'Time the sync loop spent per phase (head, fetch, decode, write, commit): where a catch-up goes',
      labelNames: ['phase'] as const,
      registers: [registry],
    }),
    reorgs: new Counter({
      name: 'indexer_reorgs_total',
      help: 'Chain reorganizations detected and rolled back',
      registers: [registry],
    }),
    graphqlDuration: new Histogram({
      name: 'indexer_graphql_request_duration_seconds',
      help: 'GraphQL requests by outcome (ok, or error: an answer with errors or an HTTP status of 400 or more)',
      labelNames: ['outcome'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    replicaReads: new Counter({
      name: 'indexer_replica_reads_total',
      help:
        'GraphQL requests by where they read (DATABASE_READ_URL): replica, replica_after_wait (waited for its ' +
        'minBlock), primary (the replica was behind after READ_REPLICA_WAIT_MS, or failed)',
      labelNames: ['via'] as const,
      registers: [registry],
    }),
    replicaLagSeconds: new Gauge({
      name: 'indexer_replica_lag_seconds',
      help: 'Seconds the read replica is behind the primary (0 when it has replayed everything)',
      registers: [registry],
    }),
    replicaLagBytes: new Gauge({
      name: 'indexer_replica_lag_bytes',
      help: "Bytes of the primary's WAL the read replica has not replayed",
      registers: [registry],
    }),
    replicaLagBlocks: new Gauge({
      name: 'indexer_replica_lag_blocks',
      help: "The primary's indexed block minus the read replica's",
      registers: [registry],
    }),
  }
}
