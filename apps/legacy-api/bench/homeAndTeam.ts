// Benchmark: requests per second and p99 latency of `home` and `teamInfo` under autocannon at 1,000 requests per
// second, next to a bare Fastify route measured in the same run, with the ratios. Goal: p99 under 20 ms.
//
//   node --conditions=@nexus/source bench/homeAndTeam.ts [--duration 10] [--rate 1000] [--team 2000]
//
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a superuser URL; a scratch database is created and
// dropped), otherwise a throwaway PostgreSQL 15 cluster is started for the run.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
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
    rate: { type: 'string', default: '1000' },
    team: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '50' },
    /** The routes measured after the bare one, in this order (a route may repeat: order effects show). */
    routes: { type: 'string', default: 'home,teamInfo' },
  },
})
const duration = Number(values.duration)
const rate = Number(values.rate)
const teamSize = Number(values.team)
const connections = Number(values.connections)
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
const server = spawn(process.execPath, ['--conditions=@nexus/source', join(import.meta.dirname, 'server.ts')], {
  env: { ...process.env, BENCH_DATABASE_URL: scratch.url, BENCH_PAYMENT_TOKEN: paymentToken },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const [line] = (await once(createInterface({ input: server.stdout }), 'line')) as [string]
const { apiPort, barePort } = JSON.parse(line) as { apiPort: number; barePort: number }

type Row = {
  name: string
  rps: number
  p50: number
  p99: number
  max: number
  errors: number
  non2xx: number
  ok: boolean
}

async function measure(name: string, url: string, body: string): Promise<Row> {
  const headers = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', token, lang: 'en' }
  // The answer must be a success, or the figures measure an error path.
  const check = (await (await fetch(url, { method: 'POST', headers, body })).json()) as { code: number }
  // Warm-up (JIT, connection pools), not counted.
  await autocannon({ url, method: 'POST', headers, body, connections, overallRate: rate, duration: 2 })
  const result = await autocannon({ url, method: 'POST', headers, body, connections, overallRate: rate, duration })
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok: check.code === 0,
  }
}

try {
  const rows = [await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`, 'a=1')]
  for (const route of values.routes.split(',')) {
    if (route !== 'home' && route !== 'teamInfo') throw new Error(`--routes: home or teamInfo, not ${route}`)
    rows.push(await measure(route, `http://127.0.0.1:${apiPort}/api/api/invest/${route}`, ''))
  }
  const [bare] = rows
  if (!bare) throw new Error('no baseline')
  console.log(
    `\nlegacy API benchmark: autocannon ${connections} connections at ${rate} req/s for ${duration} s, ` +
      `team of ${teamSize} (${withAccounts.length} with machines), Node ${process.version}\n`,
  )
  console.log(
    'route                 req/s    p50 ms   p99 ms   max ms  errors  non-2xx  code 0  p99 vs bare  req/s vs bare',
  )
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(20),
        row.rps.toFixed(0).padStart(7),
        row.p50.toFixed(0).padStart(8),
        row.p99.toFixed(0).padStart(8),
        row.max.toFixed(0).padStart(8),
        String(row.errors).padStart(7),
        String(row.non2xx).padStart(8),
        String(row.ok).padStart(7),
        `${(row.p99 / Math.max(bare.p99, 1)).toFixed(1)}x`.padStart(12),
        `${(row.rps / bare.rps).toFixed(2)}`.padStart(14),
      ].join(' '),
    )
  }
  const goal = rows.slice(1).every((row) => row.p99 < 20 && row.ok && row.errors === 0)
  console.log(`\ngoal p99 < 20 ms for home and teamInfo: ${goal ? 'met' : 'NOT met'}`)
  process.exitCode = goal ? 0 : 1
} finally {
  server.kill('SIGTERM')
  await once(server, 'exit')
  await scratch.drop()
  stopCluster?.()
}
