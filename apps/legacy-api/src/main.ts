// The legacy API process: reads the environment (README.md lists it), opens and migrates the database and
// serves the first product version's REST API until SIGINT/SIGTERM.
import { createDatabase } from '@nexus/db'
import { ConfigError, readConfig } from './config.ts'
import { createApp } from './createApp.ts'

let config
try {
  config = readConfig(process.env)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`legacy-api: ${error.message}`)
    process.exit(2)
  }
  throw error
}

const db = await createDatabase({ url: config.databaseUrl, log: (message) => console.log(`legacy-api: ${message}`) })
const app = await createApp({
  db,
  corsOrigins: config.corsOrigins,
  rateLimitPerMinute: config.rateLimitPerMinute,
  trustProxy: config.trustProxy,
  logger: { level: config.logLevel },
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  app.log.info({ msg: 'shutting down', signal })
  await app.close()
  await db.close()
  // @dev Prisma's wasm schema engine leaves a 10 s timer behind; nothing else is pending at this point.
  process.exit(0)
}
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.port, host: config.host })
app.log.info({
  msg: 'legacy API ready',
  url: `http://${config.host}:${config.port}/api/api/invest/`,
  database: db.kind,
})
