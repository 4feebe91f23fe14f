// The legacy API process: reads the environment (README.md lists it), opens and migrates the database, seeds the
// product tables when empty and serves the first product version's REST API until SIGINT/SIGTERM.
import { mainAbi } from '@nexus/abi'
import { assertRpcChain, loadDeployment, settingsOrExit, stopOnSignals } from '@nexus/abi/node'
import { createDatabase, openReadReplica, whenDatabaseAvailable } from '@nexus/db'
import { rpcTransport } from '@nexus/sdk'
import { createPublicClient } from 'viem'
import { readConfig } from './config.ts'
import { createApp } from './createApp.ts'
import { seedLegacyData } from './seed/seedLegacyData.ts'

const config = settingsOrExit(
  () => readConfig(process.env),
  (message) => console.error(`legacy-api: ${message}`),
)

// Addresses come from the deployments file (DEPLOYMENTS_FILE or libs/abi's), never from code; the RPC endpoints must
// serve CHAIN_ID. Either failing stops the start with a message naming the file, the contract or the URL.
let paymentToken = config.paymentToken
let mainAddress: `0x${string}`
try {
  const { contracts } = loadDeployment({
    chainId: config.chainId,
    file: config.deploymentsFile,
    required: config.paymentToken ? ['Main'] : ['Main', 'USDT'],
  })
  paymentToken ??= contracts.USDT?.address as `0x${string}`
  mainAddress = contracts.Main?.address as `0x${string}`
  await assertRpcChain(config.rpcUrls, config.chainId)
} catch (error) {
  console.error(`legacy-api: ${(error as Error).message}`)
  process.exit(2)
}

// several RPC URLs: each request moves on to the next one when one fails
const publicClient = createPublicClient({ transport: rpcTransport(config.rpcUrls, { timeout: 15_000, retryCount: 1 }) })
// A long-running service keeps its connections: opening one mid-load costs a request 10-40 ms (see createDatabase).
const db = await createDatabase({
  url: config.databaseUrl,
  migrate: config.databaseMigrate,
  keepConnections: true,
  log: (message) => console.log(`legacy-api: ${message}`),
  // a database away at start (a restart, a fail-over, started after this service) is waited for
  waitForServer: true,
})
// The indexer's tree for recommendList from a streaming replica (DATABASE_READ_URL), when it has replayed far enough.
const replica = config.readUrl
  ? await whenDatabaseAvailable(
      () => openReadReplica({ url: config.readUrl as string, primary: db.pool, keepConnections: true }),
      { log: (message) => console.warn(`legacy-api: read replica: ${message}`) },
    )
  : undefined
const seeded = await seedLegacyData(db.prisma)
if (seeded.machineTypes || seeded.nodes) {
  console.log(`legacy-api: seeded ${seeded.machineTypes} machine types and ${seeded.nodes} nodes`)
}
const app = await createApp({
  db,
  replica,
  readWaitMs: config.readWaitMs,
  readMaxLagSeconds: config.readMaxLagSeconds,
  chainId: config.chainId,
  publicClient,
  paymentToken,
  // Without PAYMENT_RECEIVER, payments go to Main's owner, read on chain when the first payment is checked.
  paymentReceiver:
    config.paymentReceiver ??
    (() => publicClient.readContract({ address: mainAddress, abi: mainAbi, functionName: 'owner' })),
  confirmations: config.confirmations,
  signInDomains: config.signInDomains,
  sessionTtlMs: config.sessionTtlSeconds * 1000,
  dayLength: config.dayLength,
  withdrawFee: config.withdrawFee,
  withdrawPolicy: config.withdrawPolicy,
  payoutCreditTypes: config.payoutCreditTypes,
  isManager: async (address) =>
    await publicClient.readContract({ address: mainAddress, abi: mainAbi, functionName: 'isManager', args: [address] }),
  corsOrigins: config.corsOrigins,
  rateLimitPerMinute: config.rateLimitPerMinute,
  loginRateLimitPerMinute: config.loginRateLimitPerMinute,
  purchaseRateLimitPerMinute: config.purchaseRateLimitPerMinute,
  trustProxy: config.trustProxy,
  logger: { level: config.logLevel },
})

stopOnSignals({
  steps: [() => app.close(), async () => await replica?.close(), () => db.close()],
  log: (msg, { signal, error }) => app.log.info({ msg, signal, err: error }),
})

await app.listen({ port: config.port, host: config.host })
app.log.info({
  msg: 'legacy API ready',
  url: `http://${config.host}:${config.port}/api/api/invest/`,
  database: db.kind,
  paymentToken,
})
