// The benchmark's server process (started by homeAndTeam.ts): the legacy API on a prepared database and a bare
// Fastify route, both in this process, so they share the same runtime and cores. Prints one JSON line with the
// ports when ready.
//
// It also times every request on the server side (from the parsed request to the response handed to the kernel)
// and the event loop's delay, and serves them on a third port (GET /stats, GET /reset), so that the benchmark can
// tell time spent in this process from time spent in the load generator and the kernel.
import { createServer, type Server } from 'node:http'
import { createHistogram, monitorEventLoopDelay, PerformanceObserver, type RecordableHistogram } from 'node:perf_hooks'
import { createDatabase } from '@nexus/db'
import Fastify from 'fastify'
import formbody from '@fastify/formbody'
import { createApp } from '../src/createApp.ts'

const url = process.env.BENCH_DATABASE_URL
const token = process.env.BENCH_PAYMENT_TOKEN as `0x${string}`
if (!url || !token) throw new Error('server.ts is started by bench/homeAndTeam.ts')

// As main.ts opens it (BENCH_KEEP_CONNECTIONS=false: connections open on demand and close when idle, as before).
const db = await createDatabase({
  url,
  migrate: false,
  keepConnections: process.env.BENCH_KEEP_CONNECTIONS !== 'false',
})
const app = await createApp({
  db,
  rpcUrl: 'http://127.0.0.1:9',
  paymentToken: token,
  paymentReceiver: token,
  rateLimitPerMinute: 10_000_000,
})

// The baseline: Fastify with the same form parser, one POST route, a constant envelope.
const bare = Fastify({ logger: false })
await bare.register(formbody)
bare.post('/bare', async () => ({ code: 0, msg: 'OK', data: { ok: true } }))

/** Server-side time of every request of `server`, in nanoseconds. */
function timeRequests(server: Server): RecordableHistogram {
  const histogram = createHistogram()
  server.prependListener('request', (_request, response) => {
    const start = process.hrtime.bigint()
    response.once('finish', () => histogram.record(process.hrtime.bigint() - start))
  })
  return histogram
}
const timings = { api: timeRequests(app.server), bare: timeRequests(bare.server) }
const loop = monitorEventLoopDelay({ resolution: 1 })
loop.enable()
// Garbage-collection pauses (ms), which stop the event loop.
const gc = { count: 0, totalMs: 0, maxMs: 0 }
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count += 1
    gc.totalMs += entry.duration
    gc.maxMs = Math.max(gc.maxMs, entry.duration)
  }
}).observe({ entryTypes: ['gc'] })

await app.listen({ port: 0, host: '127.0.0.1' })
await bare.listen({ port: 0, host: '127.0.0.1' })

const ms = (ns: number) => Math.round(ns / 1e4) / 100
const figures = (histogram: RecordableHistogram | typeof loop) => ({
  count: histogram.count,
  p50: ms(histogram.percentile(50)),
  p99: ms(histogram.percentile(99)),
  max: ms(histogram.max),
})
const stats = createServer((request, response) => {
  if (request.url === '/reset') {
    timings.api.reset()
    timings.bare.reset()
    loop.reset()
    Object.assign(gc, { count: 0, totalMs: 0, maxMs: 0 })
  }
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ api: figures(timings.api), bare: figures(timings.bare), loop: figures(loop), gc }))
})
await new Promise<void>((listening) => stats.listen(0, '127.0.0.1', listening))

const portOf = (server: Server) => {
  const address = server.address()
  return typeof address === 'object' && address ? address.port : 0
}
console.log(JSON.stringify({ apiPort: portOf(app.server), barePort: portOf(bare.server), statsPort: portOf(stats) }))

process.once('SIGTERM', async () => {
  stats.close()
  await app.close()
  await bare.close()
  await db.close()
  process.exit(0)
})
