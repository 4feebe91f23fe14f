// GraphQL latency benchmark without a chain (printed figures, not a test). Run from apps/indexer:
//   node --conditions=@nexus/source bench/graphqlBench.ts
// Fills a fresh PostgreSQL 15 database with 1,000,000 action_log rows of 20,000 accounts, 500,000 Burn orders
// (every other one with a later status change) and a binary referral tree of the same accounts (with its closure);
// the measured account has 20,000 of the action log rows, 10,000 of the orders and a team of 4,094,
// then measures each query with autocannon (8 connections, its own process, 1 s warm-up then GRAPHQL_BENCH_SECONDS,
// default 5) next to a bare Fastify route answering a constant under the same load: the HTTP ceiling of the machine
// at that moment, so that every figure is also printed as a ratio of it.
// GRAPHQL_BENCH_BEFORE=<commit>: each query is also measured against the server of that commit (its apps/indexer/src,
// extracted under .data/bench-before/) on the same database, right after the current one.
// GRAPHQL_BENCH_ONLY=<substring> measures only the queries whose name contains it; GRAPHQL_BENCH_EXPLAIN=1 also prints
// EXPLAIN (ANALYZE, BUFFERS) of every SQL statement each query runs.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createDatabase } from '@nexus/db'
import { createTestDatabase } from '@nexus/db/testing'
import Fastify from 'fastify'
import { createServer } from '../src/createServer.ts'
import { createMetrics } from '../src/internal/metrics.ts'
import { createRpc } from '../src/sync/createRpc.ts'
import { fillGraphqlData, importAtCommit, loadTest, repoRoot, type LoadResult } from './lib.ts'

const seconds = Number(process.env.GRAPHQL_BENCH_SECONDS ?? 5)
const only = process.env.GRAPHQL_BENCH_ONLY
const { startPostgres } = (await import(pathToFileURL(join(repoRoot, 'scripts', 'lib', 'pg.mjs')).href)) as {
  startPostgres: () => Promise<{ url: string; stop: () => void }>
}
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

const pg = await startPostgres()
// Whatever happens (a failed step throws), the cluster ends with the process.
process.once('exit', () => pg.stop())
const target = await createTestDatabase(pg.url, 'graphqlbench')
const db = await createDatabase({ url: target.url })
await fillGraphqlData(db.pool)

/** The server of another commit (its apps/indexer/src), for before/after figures from the same run. */
async function serverOf(commit: string): Promise<typeof createServer> {
  return (await importAtCommit<{ createServer: typeof createServer }>(commit, 'createServer.ts')).createServer
}

const metrics = createMetrics()
const serverParameters = {
  db,
  rpc: createRpc({ url: 'http://127.0.0.1:9', metrics }),
  chainId: 31337,
  confirmations: 0,
  readyMaxLag: 5,
  contracts: ['Main', 'Log', 'Burn'],
  metrics,
}
const beforeCommit = process.env.GRAPHQL_BENCH_BEFORE
// Its own pool: an earlier commit may name its prepared statements alike (gql_0, gql_1, ...) for other SQL texts.
const beforeDb = beforeCommit ? await createDatabase({ url: target.url }) : undefined
const beforeApp =
  beforeCommit && beforeDb ? (await serverOf(beforeCommit))({ ...serverParameters, db: beforeDb }) : undefined
let beforeUrl = ''
if (beforeApp) {
  await beforeApp.listen({ port: 0, host: '127.0.0.1' })
  const beforeAddress = beforeApp.server.address()
  beforeUrl = `http://127.0.0.1:${typeof beforeAddress === 'object' && beforeAddress ? beforeAddress.port : 0}/graphql`
}
const app = createServer(serverParameters)
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/graphql`

const bare = Fastify()
bare.post('/bare', async () => ({ data: { ok: true } }))
await bare.listen({ port: 0, host: '127.0.0.1' })
const bareAddress = bare.server.address()
const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/bare`
await loadTest(bareUrl, '{}', 1)
const baseline = await loadTest(bareUrl, '{}', seconds)
await bare.close()
console.log(
  `bare Fastify route (baseline): p50 ${baseline.latency.p50} ms, p99 ${baseline.latency.p99} ms, ` +
    `${fmt(baseline.requests.average)} req/s`,
)

/**
 * A load test with the CPU time this process (the server under load; autocannon has its own) spent per answered
 * request: a figure that the neighbours' load on the shared machine moves much less than latency and req/s.
 */
async function measured(target: string, body: string | readonly string[]) {
  const cpu = process.cpuUsage()
  const result = await loadTest(target, body, seconds)
  const used = process.cpuUsage(cpu)
  const total = Math.max(1, result.requests.total)
  return { ...result, cpu: (used.user + used.system) / total, system: used.system / total }
}

const busy = `0x${(7).toString(16).padStart(40, '0')}`
const first = await app.inject({
  method: 'POST',
  url: '/graphql',
  payload: { query: `{ actionLog(account: "${busy}", first: 100) { pageInfo { endCursor } } }` },
})
const cursor = (JSON.parse(first.body) as { data: { actionLog: { pageInfo: { endCursor: string } } } }).data.actionLog
  .pageInfo.endCursor
const queries = [
  [
    'action log, latest 50',
    `{ actionLog(account: "${busy}", first: 50) { nodes { index symbol action amount startTime } } }`,
  ],
  [
    'action log, cursor page of 100',
    `{ actionLog(account: "${busy}", first: 100, after: "${cursor}") { nodes { index amount } pageInfo { endCursor } } }`,
  ],
  ['action log, totalCount', `{ actionLog(account: "${busy}", first: 1) { totalCount } }`],
  [
    'account orders (Burn)',
    `{ orders(account: "${busy}", contract: "Burn", first: 20) { nodes { index amount status startTime } } }`,
  ],
  ['account orders (Burn), totalCount', `{ orders(account: "${busy}", contract: "Burn", first: 1) { totalCount } }`],
  ['team', `{ team(account: "${busy}") { directCount indirectCount teamSize teamVolume level } }`],
  // A count is cached until the checkpoint moves: the totalCount figures above repeat one count at one checkpoint.
  // Misses: the checkpoint moving every 5 ms (as if a range were written that often), and all 20,000 accounts in
  // turn.
  [
    'action log, totalCount, checkpoint moving every 5 ms',
    `{ actionLog(account: "${busy}", first: 1) { totalCount } }`,
  ],
  [
    'action log, totalCount, 20,000 accounts in turn',
    `query ($account: String!) { actionLog(account: $account, first: 1) { totalCount } }`,
  ],
  [
    'action log, latest 50, 20,000 accounts in turn',
    `query ($account: String!) { actionLog(account: $account, first: 50) { nodes { index symbol action amount startTime } } }`,
  ],
] as const

/** Moves the checkpoint every 5 ms (as each range written does) while `run` runs, so that no cached count is reused. */
async function whileMoving<T>(run: () => Promise<T>): Promise<T> {
  let moving = true
  const loop = (async () => {
    while (moving) {
      await db.pool.query('UPDATE chain_checkpoint SET updated_at = now() WHERE chain_id = 31337')
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  try {
    return await run()
  } finally {
    moving = false
    await loop
  }
}

for (const [name, query] of queries) {
  if (only && !name.includes(only)) continue
  // The variable $account: every account, one per request in turn (one document, as clients send them); more
  // accounts than the 10,000 counts a server keeps, so that no count is found again.
  const bodies = query.includes('$account')
    ? Array.from({ length: 20_000 }, (_, i) =>
        JSON.stringify({ query, variables: { account: `0x${i.toString(16).padStart(40, '0')}` } }),
      )
    : [JSON.stringify({ query })]
  const body = bodies.length === 1 ? (bodies[0] as string) : bodies
  const run = name.includes('checkpoint moving') ? whileMoving : <T>(f: () => Promise<T>) => f()
  // The statements the query runs, recorded while it is answered once.
  const statements: { text: string; values: unknown[] }[] = []
  const query_ = db.pool.query.bind(db.pool) as (...args: unknown[]) => unknown
  ;(db.pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined]
    statements.push(
      typeof config === 'string'
        ? { text: config, values: values ?? [] }
        : { text: config.text, values: config.values ?? [] },
    )
    return query_(...args)
  }
  // autocannon counts HTTP statuses only, and GraphQL errors come with 200: each server's answer is checked before
  // and after its load.
  const answer = (server: typeof app) =>
    server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: bodies[0],
    })
  const verify = async (server: typeof app, label: string) => {
    const response = await answer(server)
    if ((JSON.parse(response.body) as { errors?: unknown }).errors)
      throw new Error(`graphql ${name}${label}: ${response.body}`)
  }
  const check = await answer(app)
  ;(db.pool as unknown as { query: unknown }).query = query_
  if ((JSON.parse(check.body) as { errors?: unknown }).errors) throw new Error(`graphql ${name}: ${check.body}`)
  if (process.env.GRAPHQL_BENCH_EXPLAIN) {
    for (const { text, values } of statements) {
      const plan = await db.pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values)
      console.log(`-- ${name}\n${text}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`)
    }
  }
  await run(() => loadTest(url, body, 1))
  const result = await run(() => measured(url, body))
  await verify(app, '')
  if (result.non2xx || result.errors) throw new Error(`graphql ${name}: failed requests`)
  const line = (label: string, r: LoadResult & { cpu: number; system: number }) =>
    `graphql ${name}${label}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${fmt(r.requests.average)} req/s ` +
    `(${(r.requests.average / baseline.requests.average).toFixed(3)} of the bare route), server CPU ${fmt(r.cpu)} µs/request (${fmt(r.system)} of it in the kernel)`
  console.log(line('', result))
  if (beforeApp) {
    await run(() => loadTest(beforeUrl, body, 1))
    await verify(beforeApp, ` [before, ${beforeCommit}]`)
    const old = await run(() => measured(beforeUrl, body))
    await verify(beforeApp, ` [before, ${beforeCommit}]`)
    console.log(
      `${line(` [before, ${beforeCommit}]`, old)}; after/before: req/s ` +
        `${(result.requests.average / old.requests.average).toFixed(2)}x, p99 ${(old.latency.p99 / Math.max(result.latency.p99, 1)).toFixed(2)}x lower`,
    )
  }
}
await beforeApp?.close()
await beforeDb?.close()
await app.close()
await db.close()
await target.drop()
pg.stop()
process.exit(0)
