// One GraphQL process of replicaBench.ts (its own process, as a reader in production): the indexer's server on the
// primary DATABASE_URL and, with DATABASE_READ_URL, reading the replica. Prints `listening <port>` when ready.
import { createDatabase, openReadReplica } from '@nexus/db'
import { createServer } from '../src/createServer.ts'
import { createMetrics } from '../src/internal/metrics.ts'
import { createRpc } from '../src/sync/createRpc.ts'

const primaryUrl = process.env.DATABASE_URL as string
const readUrl = process.env.DATABASE_READ_URL
const db = await createDatabase({ url: primaryUrl, migrate: false, keepConnections: true })
const replica = readUrl ? await openReadReplica({ url: readUrl, primary: db.pool, keepConnections: true }) : undefined
const metrics = createMetrics()
const app = createServer({
  db,
  replica,
  // no chain in this benchmark: indexerStatus is not measured
  rpc: createRpc({ url: 'http://127.0.0.1:9', metrics }),
  chainId: 31337,
  confirmations: 0,
  readyMaxLag: 5,
  contracts: ['Main', 'Log', 'Burn'],
  metrics,
})
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`)
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => replica?.close())
    .then(() => db.close())
    .then(() => process.exit(0))
})
