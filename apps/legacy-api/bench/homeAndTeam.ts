// Benchmark: requests per second and p99 latency of `home` and `teamInfo` under autocannon at 1,000 requests per
// second, next to a bare Fastify route measured in the same run, with the ratios. Goal: p99 under 20 ms.
//
//   node --conditions=@nexus/source bench/homeAndTeam.ts [--duration 10] [--warmup 30] [--rate 1000] [--team 2000]
//     [--connections 50] [--pacing even|quota] [--pool kept|on-demand] [--routes home,teamInfo]
//
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a superuser URL; a scratch database is created and
// dropped), otherwise a throwaway PostgreSQL 15 cluster is started for the run.
//
// How the load is paced. autocannon's own rate limit (`overallRate`, `--pacing quota`) gives each connection a
// quota per second and sends it as fast as the answers come back, at the start of every second: all connections
// fire together, so 1,000 requests/s arrive as a burst of `connections` concurrent requests lasting a fraction of
// each second, then nothing. The latency it reports is then mostly the queue of that burst (a bare route's p99 was
// 19-46 ms here that way). The default, `--pacing even`, runs one autocannon instance per connection, each with its
// share of the rate, started at evenly spaced offsets over one second, so that the same 1,000 requests/s arrive
// spread over every second, as from many clients polling independently.
//
// Latency counts each response once: autocannon's coordinated-omission correction is turned off. With a rate
// limit, autocannon 9 records every response slower than `ceil(1 / rate)` = 1 ms (a per-second rate taken as a
// per-millisecond interval) together with synthetic samples for each millisecond above that, so a 40 ms response
// counted 40 times. The server process also times every request itself (parsed request to response handed to the
// kernel) and its event loop's delay: the `server` and `loop` columns; the client's `loop p99` is the load
// generator's own event-loop delay. Together they tell the server from the load generator.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { createInterface } from 'node:readline'
import { createDatabase } from '@nexus/db'
import { createTestDatabase } from '@nexus/db/testing'
import { createSignInMessage } from '@nexus/sdk'
import autocannon from 'autocannon'
import { zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createApp } from '../src/createApp.ts'
import { seedLegacyData } from '../src/seed/seedLegacyData.ts'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '30' },
    rate: { type: 'string', default: '1000' },
    team: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '50' },
    /** even: arrivals spread over every second; quota: autocannon's own (see the file's head). */
    pacing: { type: 'string', default: 'even' },
    /** kept: the server's pool as main.ts opens it (all connections open and prepared); on-demand: as before. */
    pool: { type: 'string', default: 'kept' },
    /** The routes measured after the bare one, in this order (a route, bare too, may repeat: order effects show). */
    routes: { type: 'string', default: 'home,teamInfo' },
  },
})
function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`--${name}: a whole number from ${min}, not ${text}`)
  return value
}
const duration = wholeNumber('duration', values.duration, 1)
const warmup = wholeNumber('warmup', values.warmup, 1)
const rate = wholeNumber('rate', values.rate, 1)
const teamSize = wholeNumber('team', values.team, 20)
const connections = wholeNumber('connections', values.connections, 1)
if (values.pool !== 'kept' && values.pool !== 'on-demand')
  throw new Error(`--pool: kept or on-demand, not ${values.pool}`)
const routes = values.routes.split(',')
for (const route of routes) {
  if (route !== 'home' && route !== 'teamInfo' && route !== 'bare') {
    throw new Error(`--routes: home, teamInfo or bare, not ${route}`)
  }
}
if (connections > rate)
  throw new Error(`--connections ${connections} is more than --rate ${rate}: at least one request/s each`)
const pacing = values.pacing
if (pacing !== 'even' && pacing !== 'quota') throw new Error(`--pacing: even or quota, not ${pacing}`)
const repoRoot = resolve(import.meta.dirname, '../../..')
const chainId = 31337
const paymentToken = '0x00000000000000000000000000000000000000e1'

// ── Database ────────────────────────────────────────────────────────────────────────────────────────
let adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
let stopCluster: (() => void) | undefined
if (!adminUrl) {
  const harness = pathToFileURL(join(repoRoot, 'scripts', 'lib', 'pg.mjs')).href
  const { startPostgres } = (await import(harness)) as {
    startPostgres: () => Promise<{ url: string; stop: () => void }>
  }
  const cluster = await startPostgres()
  adminUrl = cluster.url
  stopCluster = cluster.stop
}
const scratch = await createTestDatabase(adminUrl, 'legacy_bench')
const db = await createDatabase({ url: scratch.url })
await seedLegacyData(db.prisma)

// A user with a team of `teamSize` in the indexer's tables (a 4-level tree), a quarter of it with accounts and
// machines here, so that teamInfo joins real rows.
const owner = privateKeyToAccount(generatePrivateKey())
const me = owner.address.toLowerCase()
const members = Array.from({ length: teamSize }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)
const parentOf = (i: number): string => (i < 20 ? me : (members[Math.floor((i - 20) / 20)] ?? me))
await db.pool.query(
  `INSERT INTO registration (chain_id, account, referrer, index, depth, block_number, block_hash, log_index, block_timestamp, transaction_hash)
   SELECT $1, a, r, i, 0, i, '0x', 0, 1700000000 + i, '0x' FROM unnest($2::text[], $3::text[], $4::int[]) AS t(a, r, i)`,
  [
    chainId,
    [me, ...members],
    [zeroAddress, ...members.map((_, i) => parentOf(i))],
    Array.from({ length: teamSize + 1 }, (_, i) => i + 1),
  ],
)
// Closure rows: every ancestor of every member.
const paths: [string, string, number][] = []
members.forEach((member, i) => {
  let distance = 1
  let parent = parentOf(i)
  for (;;) {
    paths.push([parent, member, distance])
    if (parent === me) break
    const index = members.indexOf(parent)
    parent = parentOf(index)
    distance += 1
  }
})
await db.pool.query(
  `INSERT INTO referral_path (chain_id, ancestor, descendant, distance, block_number)
   SELECT $1, a, d, n, 1 FROM unnest($2::text[], $3::text[], $4::int[]) AS t(a, d, n)`,
  [chainId, paths.map((p) => p[0]), paths.map((p) => p[1]), paths.map((p) => p[2])],
)
await db.pool.query(`INSERT INTO legacy_user (address, username, recommender) VALUES ($1, 'bench', $2)`, [
  me,
  zeroAddress,
])
const withAccounts = members.filter((_, i) => i % 4 === 0)
await db.pool.query(
  `INSERT INTO legacy_user (address, username, recommender) SELECT a, 'u' || a, NULL FROM unnest($1::text[]) AS t(a)`,
  [withAccounts],
)
await db.pool.query(
  `INSERT INTO legacy_machine (user_id, type_id, num, price, amount, power, daily_output, days, tx_hash, start_at, end_at)
   SELECT u.id, 1, 1, 100, 100, 100, 0.5, 180, 'bench' || u.id, now(), now() + interval '180 days'
   FROM legacy_user u`,
)

// A real sign-in for the token.
const signIn = await createApp({ db, paymentToken, paymentReceiver: paymentToken })
const post = async (route: string, form: Record<string, string>) =>
  (
    await signIn.inject({
      method: 'POST',
      url: `/api/api/invest/${route}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    })
  ).json()
const { data: nonce } = await post('nonce', { address: owner.address })
const message = createSignInMessage({
  address: owner.address,
  chainId,
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173',
  nonce: nonce.nonce,
})
const login = await post('login', { message, signature: await owner.signMessage({ message }) })
if (login.code !== 0) throw new Error(`login failed: ${JSON.stringify(login)}`)
const token = login.data.token as string
await signIn.close()
// Steady state, as autovacuum would leave it after the bulk load: statistics and visibility maps up to date, so that
// no autovacuum or analyze of the fresh tables lands inside a measurement.
await db.pool.query('VACUUM (ANALYZE)')
await db.close()

// ── Server process ──────────────────────────────────────────────────────────────────────────────────
// BENCH_SERVER_FLAGS: Node flags for the server process (say `--trace-gc`: what it prints goes to stderr).
const serverFlags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []
const server = spawn(
  process.execPath,
  [...serverFlags, '--conditions=@nexus/source', join(import.meta.dirname, 'server.ts')],
  {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: scratch.url,
      BENCH_PAYMENT_TOKEN: paymentToken,
      BENCH_KEEP_CONNECTIONS: String(values.pool === 'kept'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)
const ports = new Promise<{ apiPort: number; barePort: number; statsPort: number }>((resolve, reject) => {
  createInterface({ input: server.stdout }).on('line', (line) => {
    if (line.startsWith('{"apiPort"')) resolve(JSON.parse(line))
    else process.stderr.write(`server: ${line}\n`)
  })
  server.once('exit', (code) => reject(new Error(`the server process ended (${code}) before it was ready`)))
})
const { apiPort, barePort, statsPort } = await ports

type Figures = { count: number; p50: number; p99: number; max: number }
type Row = {
  name: string
  rps: number
  p50: number
  p99: number
  max: number
  server: Figures
  loop: Figures
  gc: { count: number; totalMs: number; maxMs: number }
  /** This process's event-loop delay p99 (ms): the load generator's own stalls. */
  clientLoop: number
  errors: number
  non2xx: number
  ok: boolean
}

const stats = async (path: '/stats' | '/reset') =>
  (await (await fetch(`http://127.0.0.1:${statsPort}${path}`)).json()) as {
    api: Figures
    bare: Figures
    loop: Figures
    gc: { count: number; totalMs: number; maxMs: number }
  }

/**
 * `rate` requests per second for `seconds` from autocannon, paced as `--pacing` says, with every response's latency
 * counted once: autocannon's coordinated-omission correction is off, see the file's head.
 */
async function load(url: string, headers: Record<string, string>, body: string, seconds: number) {
  const options = { url, method: 'POST' as const, headers, body, duration: seconds, ignoreCoordinatedOmission: true }
  if (pacing === 'quota') {
    const result = await autocannon({ ...options, connections, overallRate: rate })
    return { result, rps: result.requests.average }
  }
  // Even: one autocannon instance per connection, each sending its share of the second's requests, the instances
  // started at evenly spaced offsets across one second, so that the arrivals spread over every second.
  const startedAt = performance.now()
  const runs = await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      await new Promise((started) => setTimeout(started, (i * 1000) / connections))
      return autocannon({ ...options, connections: 1, connectionRate: rate / connections, skipAggregateResult: true })
    }),
  )
  // autocannon's own merge of instances' histograms (exported, not in @types/autocannon).
  const { aggregateResult } = autocannon as unknown as {
    aggregateResult: (results: autocannon.Result[], options: { url: string; connections: number }) => autocannon.Result
  }
  const result = aggregateResult(runs, { url, connections })
  // Every instance ran `seconds`; the last one started up to a second after the first.
  const elapsed = (performance.now() - startedAt) / 1000 - (connections - 1) / connections
  return { result, rps: result.requests.sent / elapsed }
}

const clientLoop = monitorEventLoopDelay({ resolution: 1 })
clientLoop.enable()

async function measure(name: string, url: string, body: string, server: 'api' | 'bare'): Promise<Row> {
  const headers = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', token, lang: 'en' }
  // The answer must be a success, or the figures measure an error path.
  // Every legacy answer is HTTP 200, so autocannon cannot tell a failure: the route is asked before and after.
  const answersOk = async () =>
    ((await (await fetch(url, { method: 'POST', headers, body })).json()) as { code: number }).code === 0
  const okBefore = await answersOk()
  // Warm-up, not counted, to measure the steady state of a long-running server: JIT, and V8's heap settling under
  // the route's load (in the first ~10 s of a route V8 promotes 5x more to the old generation than later, until a
  // full GC of 30-40 ms; `--trace-gc` through BENCH_SERVER_FLAGS shows it). With 5-15 s of warm-up the first API
  // route measured had p99 12-18 ms and the same route measured again 2-7 ms; with 30 s the first is like the
  // rest. The server's database connections are already open and have the polled statements prepared, as main.ts
  // starts it (see server.ts).
  await load(url, headers, body, warmup)
  await stats('/reset')
  clientLoop.reset()
  const { result, rps } = await load(url, headers, body, duration)
  const measured = await stats('/stats')
  const ok = okBefore && (await answersOk())
  return {
    name,
    rps,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    server: measured[server],
    loop: measured.loop,
    gc: measured.gc,
    clientLoop: clientLoop.percentile(99) / 1e6,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok,
  }
}

try {
  const rows = [await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`, 'a=1', 'bare')]
  for (const route of routes) {
    rows.push(
      route === 'bare'
        ? await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`, 'a=1', 'bare')
        : await measure(route, `http://127.0.0.1:${apiPort}/api/api/invest/${route}`, '', 'api'),
    )
  }
  const [bare] = rows
  if (!bare) throw new Error('no baseline')
  console.log(
    `\nlegacy API benchmark: autocannon, ${connections} connections, ${rate} req/s paced ${pacing === 'even' ? 'evenly over every second' : "by autocannon's per-second quota"}, ` +
      `${duration} s per route after ${warmup} s of warm-up; server's pool ${values.pool}; team of ${teamSize} (${withAccounts.length} with machines); Node ${process.version}\n`,
  )
  console.log(
    '                     ------------- client (autocannon) -------------  ------------------ server ------------------',
  )
  console.log(
    'route                  req/s  p50 ms  p99 ms  max ms  loop p99 ms   p50 ms  p99 ms  max ms  loop max ms  GC ms (max)' +
      '  errors  non-2xx  code 0  p99 vs bare  req/s vs bare',
  )
  const cell = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width)
  // autocannon records whole milliseconds: 0 is under 1 ms (and counts as 1 ms in the ratios).
  const ms = (value: number, width: number) => (value < 1 ? '<1' : value.toFixed(0)).padStart(width)
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(20),
        cell(row.rps, 7),
        ms(row.p50, 7),
        ms(row.p99, 7),
        cell(row.max, 7),
        cell(row.clientLoop, 12, 1),
        cell(row.server.p50, 8, 2),
        cell(row.server.p99, 7, 2),
        cell(row.server.max, 7, 1),
        cell(row.loop.max, 12, 1),
        `${row.gc.totalMs.toFixed(0)} (${row.gc.maxMs.toFixed(1)})`.padStart(12),
        String(row.errors).padStart(7),
        String(row.non2xx).padStart(8),
        String(row.ok).padStart(7),
        `${(row.p99 / Math.max(bare.p99, 1)).toFixed(1)}x`.padStart(12),
        cell(row.rps / bare.rps, 14, 2),
      ].join(' '),
    )
  }
  const goal = rows
    .filter((row) => row !== bare && row.name !== bare.name)
    .every((row) => row.p99 < 20 && row.ok && row.errors === 0)
  console.log(`\ngoal p99 < 20 ms for home and teamInfo: ${goal ? 'met' : 'NOT met'}`)
  process.exitCode = goal ? 0 : 1
} finally {
  server.kill('SIGTERM')
  await once(server, 'exit')
  await scratch.drop()
  stopCluster?.()
}
