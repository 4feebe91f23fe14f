// The indexer process: reads the environment (README.md lists it), opens and migrates the database, serves
// /healthz, /readyz, /metrics and /graphql, and ingests the chain's events until SIGINT/SIGTERM.
import { getDeployment, UnknownChainError } from '@nexus/abi'
import { createDatabase } from '@nexus/db'
import { createServer } from './createServer.ts'
import { ConfigError, readConfig } from './internal/config.ts'
import { resolveSources } from './handlers/resolveSources.ts'
import { createMetrics } from './internal/metrics.ts'
import { createIndexer } from './sync/createIndexer.ts'
import { createRpc } from './sync/createRpc.ts'
import type { Source } from './sync/types.ts'

let config
try {
  config = readConfig(process.env)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`indexer: ${error.message}`)
    process.exit(2)
  }
  throw error
}

const metrics = createMetrics()
// A long-running service keeps its connections: opening one mid-load costs a request 10-40 ms (see createDatabase).
const db = await createDatabase({
  url: config.databaseUrl,
  keepConnections: true,
  log: (message) => console.log(`indexer: ${message}`),
})
const rpc = createRpc({ url: config.rpcUrl, metrics })
// Addresses and start blocks come only from libs/abi/deployments/<chainId>.json: every deployed contract with an
// ABI in @nexus/abi is indexed, so each new contract joins once it is deployed and its ABI generated.
let sources: Source[] = []
try {
  sources = resolveSources(getDeployment(config.chainId).contracts)
} catch (error) {
  if (!(error instanceof UnknownChainError)) throw error
  console.warn(`indexer: no deployment known for chain ${config.chainId}: following the head only`)
}
const app = createServer({
  db,
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
  pollInterval: config.pollInterval,
  maxRange: config.maxRange,
  inFlight: config.logsInFlight,
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  app.log.info({ msg: 'shutting down', signal })
  // Stop ingestion first (it finishes or rolls back its current range), then stop serving, then close the database.
  await indexer.stop()
  await app.close()
  await db.close()
  // @dev Prisma's wasm schema engine leaves a 10 s timer behind; nothing else is pending at this point.
  process.exit(0)
}
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.port, host: config.host })
app.log.info({
  msg: 'indexer ready',
  graphql: `http://${config.host}:${config.port}/graphql`,
  chainId: config.chainId,
  database: db.kind,
})
indexer.start()
