// The benchmark's server process (started by homeAndTeam.ts): the legacy API on a prepared database and a bare
// Fastify route, both in this process, so they share the same runtime and cores. Prints one JSON line with the
// ports and the token when ready.
import { createDatabase } from '@nexus/db'
import Fastify from 'fastify'
import formbody from '@fastify/formbody'
import { createApp } from '../src/createApp.ts'

const url = process.env.BENCH_DATABASE_URL
const token = process.env.BENCH_PAYMENT_TOKEN as `0x${string}`
if (!url || !token) throw new Error('server.ts is started by bench/homeAndTeam.ts')

const db = await createDatabase({ url, migrate: false })
const app = await createApp({
  db,
  rpcUrl: 'http://127.0.0.1:9',
  paymentToken: token,
  paymentReceiver: token,
  rateLimitPerMinute: 10_000_000,
})
await app.listen({ port: 0, host: '127.0.0.1' })

// The baseline: Fastify with the same form parser, one POST route, a constant envelope.
const bare = Fastify({ logger: false })
await bare.register(formbody)
bare.post('/bare', async () => ({ code: 0, msg: 'OK', data: { ok: true } }))
await bare.listen({ port: 0, host: '127.0.0.1' })

const portOf = (server: typeof app.server) => {
  const address = server.address()
  return typeof address === 'object' && address ? address.port : 0
}
console.log(JSON.stringify({ apiPort: portOf(app.server), barePort: portOf(bare.server) }))

process.once('SIGTERM', async () => {
  await app.close()
  await bare.close()
  await db.close()
  process.exit(0)
})
