// GraphQL on a streaming replica (printed figures, not a test). Run from apps/indexer:
//   node --conditions=@nexus/source bench/replicaBench.ts
// Two PostgreSQL 15 clusters: a primary filled with the GraphQL benchmark's data (lib.ts fillGraphqlData) and a hot
// standby made from it with pg_basebackup -R. GraphQL requests per second and p99 (autocannon, 8 connections per
// process, REPLICA_BENCH_SECONDS each, default 5, after 1 s of warm-up) of each query with: the primary alone (one
// process), one reader process on the replica, two reader processes on the replica (one autocannon per process at
// once; req/s summed, p99 the larger). Each query also runs with `extensions.minBlock` at the indexed block (the web
// after its own transaction; the replica has it, so no wait). Every answer is checked to equal the primary's first.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createDatabase, openReadReplica } from '@nexus/db'
import { createTestDatabase } from '@nexus/db/testing'
import { fillGraphqlData, loadTest, repoRoot, type LoadResult } from './lib.ts'

const seconds = Number(process.env.REPLICA_BENCH_SECONDS ?? 5)
type Cluster = { url: string; port: number; stop: () => void }
const { startPostgres, startStandby } = (await import(
  pathToFileURL(join(repoRoot, 'scripts', 'lib', 'pg.mjs')).href
)) as { startPostgres: () => Promise<Cluster>; startStandby: (primary: Cluster) => Promise<Cluster> }
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

const primary = await startPostgres()
const clusters: Cluster[] = [primary]
const children: ChildProcess[] = []
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL')
  for (const cluster of clusters.reverse()) cluster.stop()
})
const target = await createTestDatabase(primary.url, 'replicabench')
const db = await createDatabase({ url: target.url })
await fillGraphqlData(db.pool)
await db.pool.query('CHECKPOINT')
const standby = await startStandby(primary)
clusters.push(standby)
const readUrl = Object.assign(new URL(standby.url), { pathname: `/${target.name}` }).toString()
const replica = await openReadReplica({ url: readUrl, primary: db.pool, poolSize: 1 })
if (!(await replica.caughtUp(60_000))) throw new Error('the replica did not catch up')
const indexed = (await db.pool.query<{ b: string }>('SELECT block_number::text AS b FROM chain_checkpoint')).rows[0]?.b
console.log(`primary and standby ready (replica lag ${JSON.stringify(await replica.lag())})`)

async function startServer(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--conditions=@nexus/source', join(import.meta.dirname, 'replicaServer.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  const port = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening (\d+)/.exec(out)
      if (match) resolve(match[1] as string)
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  return `http://127.0.0.1:${port}/graphql`
}
async function stopServers() {
  for (const child of children.splice(0)) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
}

const busy = `0x${(7).toString(16).padStart(40, '0')}`
const documents = [
  ['action log, latest 50', `{ actionLog(account: "${busy}", first: 50) { nodes { index symbol action amount } } }`],
  [
    'account orders (Burn)',
    `{ orders(account: "${busy}", contract: "Burn", first: 20) { nodes { index amount status } } }`,
  ],
  ['team (4,094 members)', `{ team(account: "${busy}") { directCount indirectCount teamSize teamVolume } }`],
] as const
const bodies: [name: string, body: string][] = documents.flatMap(([name, query]) => [
  [name, JSON.stringify({ query })],
  [`${name}, minBlock`, JSON.stringify({ query, extensions: { minBlock: indexed } })],
])

async function answer(url: string, body: string) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return await response.text()
}

const setups = [
  ['primary alone (1 process)', [{ DATABASE_URL: target.url }]],
  ['1 reader on the replica', [{ DATABASE_URL: target.url, DATABASE_READ_URL: readUrl }]],
  [
    '2 readers on the replica',
    [
      { DATABASE_URL: target.url, DATABASE_READ_URL: readUrl },
      { DATABASE_URL: target.url, DATABASE_READ_URL: readUrl },
    ],
  ],
] as const

const expected = new Map<string, string>()
const rows: string[][] = []
for (const [setup, envs] of setups) {
  const urls = await Promise.all(envs.map((env) => startServer(env)))
  for (const [name, body] of bodies) {
    for (const url of urls) {
      const text = await answer(url, body)
      if (text.includes('"errors"')) throw new Error(`${setup}, ${name}: ${text}`)
      const first = expected.get(name)
      if (first === undefined) expected.set(name, text)
      else if (first !== text) throw new Error(`${setup}, ${name}: answered differently from the primary`)
      await loadTest(url, body, 1)
    }
    const results: LoadResult[] = await Promise.all(urls.map((url) => loadTest(url, body, seconds)))
    const rps = results.reduce((sum, r) => sum + r.requests.average, 0)
    const p99 = Math.max(...results.map((r) => r.latency.p99))
    const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0)
    console.log(`${setup} | ${name}: ${fmt(rps)} req/s, p99 ${p99} ms${failed ? `, ${failed} failed` : ''}`)
    rows.push([setup, name, fmt(rps), String(p99)])
  }
  await stopServers()
}
console.log('\n| setup | query | req/s | p99 ms |\n|---|---|---:|---:|')
for (const row of rows) console.log(`| ${row.join(' | ')} |`)
await replica.close()
await db.close()
process.exit(0)
