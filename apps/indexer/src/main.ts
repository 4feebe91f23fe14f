// The indexer process: reads the environment (README.md lists it), opens and migrates the database, serves
// /healthz, /readyz, /metrics and /graphql, and ingests the chain's events until SIGINT/SIGTERM.
import {
  assertRpcChain,
  DeploymentFileError,
  loadDeployment,
  publicChainIds,
  settingsOrExit,
  stopOnSignals,
} from '@nexus/abi/node'
import { createDatabase, openReadReplica, whenDatabaseAvailable } from '@nexus/db'
import { createServer } from './createServer.ts'
import { readConfig } from './internal/config.ts'
import { resolveSources } from './handlers/resolveSources.ts'
import { createMetrics } from './internal/metrics.ts'
import { createIndexer } from './sync/createIndexer.ts'
import { createRpc } from './sync/createRpc.ts'
import type { Source } from './sync/types.ts'

const config = settingsOrExit(
  () => readConfig(process.env),
  (message) => console.error(`indexer: ${message}`),
)

// Addresses and start blocks come only from the deployments file (DEPLOYMENTS_FILE or libs/abi's): every deployed
// contract with an ABI in @nexus/abi is indexed, so each new contract joins once it is deployed and its ABI generated.
let sources: Source[] = []
try {
  await assertRpcChain(config.rpcUrls, config.chainId)
  sources = resolveSources(loadDeployment({ chainId: config.chainId, file: config.deploymentsFile }).contracts)
} catch (error) {
  // the local chain before its first deploy: the indexer follows the head until restarted after the deploy
  if (error instanceof DeploymentFileError && !config.deploymentsFile && !publicChainIds.includes(config.chainId)) {
    console.warn(`indexer: ${error.message} Following the head only.`)
  } else {
    console.error(`indexer: ${(error as Error).message}`)
    process.exit(2)
  }
}
if (config.startBlock !== undefined) {
  const first = config.startBlock
  sources = sources.map((source) => (source.startBlock < first ? { ...source, startBlock: first } : source))
} else if (publicChainIds.includes(config.chainId)) {
  const unknown = sources.filter((source) => source.startBlock === 0n).map((source) => source.name)
  if (unknown.length > 0) {
    console.error(
      `indexer: the deployments file gives no deployment block for ${unknown.join(', ')}: set START_BLOCK ` +
        `(reading chain ${config.chainId} from block 0 would take days)`,
    )
    process.exit(2)
  }
}
// Settings, deployment and node checked: now the database and the chain reader.
const metrics = createMetrics()
// A long-running service keeps its connections: opening one mid-load costs a request 10-40 ms (see createDatabase).
const db = await createDatabase({
  url: config.databaseUrl,
  migrate: config.databaseMigrate,
  keepConnections: true,
  log: (message) => console.log(`indexer: ${message}`),
  // a database away at start (a restart, a fail-over, started after this service) is waited for
  waitForServer: true,
})
// Reads of GraphQL on a streaming replica (DATABASE_READ_URL), the primary for what the replica has not replayed yet.
const replica = config.readUrl
  ? await whenDatabaseAvailable(
      () => openReadReplica({ url: config.readUrl as string, primary: db.pool, keepConnections: true }),
      { log: (message) => console.warn(`indexer: read replica: ${message}`) },
    )
  : undefined
const rpc = createRpc({ url: config.rpcUrls, metrics })
const app = createServer({
  db,
  replica,
  readWaitMs: config.readWaitMs,
  readMaxLagSeconds: config.readMaxLagSeconds,
  rpc,
  chainId: config.chainId,
  confirmations: config.confirmations,
  readyMaxLag: config.readyMaxLag,
  contracts: sources.map((source) => source.name),
  metrics,
  graphql: { introspection: config.introspection },
  logger: { level: config.logLevel },
})
const indexer = createIndexer({
  db,
  rpc,
  chainId: config.chainId,
  sources,
  metrics,
  logger: app.log,
  confirmations: config.confirmations,
  pollInterval: config.pollInterval,
  maxRange: config.maxRange,
  inFlight: config.logsInFlight,
})

// Stop ingestion first (it finishes or rolls back its current range), then stop serving, then close the database.
stopOnSignals({
  steps: [() => indexer.stop(), () => app.close(), async () => await replica?.close(), () => db.close()],
  log: (msg, { signal, error }) => app.log.info({ msg, signal, err: error }),
})

await app.listen({ port: config.port, host: config.host })
app.log.info({
  msg: 'indexer ready',
  graphql: `http://${config.host}:${config.port}/graphql`,
  chainId: config.chainId,
  database: db.kind,
  readReplica: replica !== undefined,
  ingest: config.ingest,
})
// A reader (INDEXER_INGEST=false) serves GraphQL only; the writer of the chain runs elsewhere.
if (config.ingest) indexer.start()
