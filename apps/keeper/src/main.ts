// The keeper process: reads the environment (README.md lists it), opens and migrates the database, takes the
// keeper lock, finishes the journal's pending work from the chain, then runs the jobs until SIGINT/SIGTERM.
import { assertRpcChain, loadDeployment, settingsOrExit, stopOnSignals } from '@nexus/abi/node'
import { createDatabase } from '@nexus/db'
import { readConfig } from './config.ts'
import { createKeeper } from './createKeeper.ts'
import { UPKEEP_CONTRACTS } from './jobs.ts'
import { createLogger } from './log.ts'

const log = createLogger()
const config = settingsOrExit(
  () => readConfig(process.env),
  (message) => log.fatal(message),
)

// The deployments file and the RPC endpoints before anything else: a wrong one stops the start with its name.
try {
  loadDeployment({ chainId: config.chainId, file: config.deploymentsFile, required: ['USDT', ...UPKEEP_CONTRACTS] })
  await assertRpcChain(config.rpcUrls, config.chainId)
} catch (error) {
  log.fatal((error as Error).message)
  process.exit(2)
}

const db = await createDatabase({
  url: config.databaseUrl,
  migrate: config.databaseMigrate,
  log: (message) => log.info(message),
  // a database away at start (a restart, a fail-over, started after this service) is waited for
  waitForServer: true,
})
const keeper = await createKeeper({ config, db, log })
log.info({ url: keeper.url, signer: keeper.account.address, chainId: config.chainId }, 'keeper listening')

stopOnSignals({
  steps: [() => keeper.stop(), () => db.close()],
  log: (message, { signal, error }) => log.info({ signal, err: error }, message),
})
