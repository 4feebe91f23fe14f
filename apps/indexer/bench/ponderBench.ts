// This indexer next to Ponder on the same chain, in the same run (printed figures, not a test). Run from apps/indexer:
//   PONDER_DIR=/tmp/ponder-bench node --conditions=@nexus/source bench/ponderBench.ts
// PONDER_DIR is a folder OUTSIDE the repository where Ponder is installed, benchmark-only:
//   mkdir /tmp/ponder-bench && cd /tmp/ponder-bench && npm init -y && npm install ponder@0.16.10 viem hono
// The bench starts a Hardhat node and PostgreSQL 15, emits PONDER_EVENTS (default 20,000) Log entries at
// PONDER_PER_BLOCK (default 100) a block, then indexes them cold, each into a database of its own: this indexer
// (its action_log rows), and Ponder (`ponder start`, one action_log row per event, written by a handler),
// timed from its start until every event is in its
// table. Ponder's project files are written into PONDER_DIR/project.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { logAbi } from '@nexus/abi'
import { createDatabase } from '@nexus/db'
import { createTestDatabase } from '@nexus/db/testing'
import type { Address, Hex } from 'viem'
import { deployCore, rpcCall } from '../src/_test/deployCore.ts'
import { startHardhatNode } from '@nexus/testing'
import { createMetrics } from '../src/internal/metrics.ts'
import { createIndexer } from '../src/sync/createIndexer.ts'
import { createRpc } from '../src/sync/createRpc.ts'
import { repoRoot, untilCaughtUp } from './lib.ts'

const ponderDir = process.env.PONDER_DIR
if (!ponderDir) throw new Error('PONDER_DIR must name a folder outside the repository with ponder installed')
const total = Number(process.env.PONDER_EVENTS ?? 20_000)
const perBlock = Number(process.env.PONDER_PER_BLOCK ?? 100)
const { startPostgres } = (await import(pathToFileURL(join(repoRoot, 'scripts', 'lib', 'pg.mjs')).href)) as {
  startPostgres: () => Promise<{ url: string; stop: () => void }>
}
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }

const pg = await startPostgres()
const node = await startHardhatNode()
// Whatever happens (a failed step throws), the cluster and the node end with the process.
process.once('exit', () => {
  pg.stop()
  void node.stop()
})
const core = await deployCore(node.url)
const owners = core.accounts.slice(0, 10)
if (perBlock === 1) {
  for (let sent = 0; sent < total; sent++) {
    await core.addLog(owners[sent % 10] as Address, 'USDT', 'stake_deposit', BigInt(sent + 1))
  }
} else {
  await rpcCall(core.url, 'evm_setAutomine', [false])
  for (let sent = 0; sent < total; sent += perBlock) {
    const hashes: Hex[] = []
    for (let part = 0; part < perBlock; part += 50) {
      const count = Math.min(50, perBlock - part)
      hashes.push(
        await core.sendFast(core.accounts[0] as Address, core.multicall, core.addLogsData(owners, count, sent + part)),
      )
    }
    await rpcCall(core.url, 'evm_mine')
    await core.publicClient.waitForTransactionReceipt({ hash: hashes.at(-1) as Hex })
  }
  await rpcCall(core.url, 'evm_setAutomine', [true])
}
// Empty blocks on top, so that every event is below Ponder's finality depth: it backfills them (its fast path)
// instead of indexing them live.
await rpcCall(core.url, 'hardhat_mine', ['0x400'])
const head = BigInt(await rpcCall<Hex>(core.url, 'eth_blockNumber'))
console.log(`chain: ${fmt(total)} Log entries, ${perBlock} a block, head ${head}`)

// 1. This indexer, cold (Log only, as Ponder indexes).
let ours = 0
{
  const target = await createTestDatabase(pg.url, 'ponder_bench_ours')
  const db = await createDatabase({ url: target.url })
  const metrics = createMetrics()
  const indexer = createIndexer({
    db,
    rpc: createRpc({ url: core.url, metrics }),
    chainId: 31337,
    sources: core.sources.filter((s) => s.name === 'Log'),
    metrics,
    logger: quiet,
    deferIndexesAbove: 0,
  })
  const started = performance.now()
  indexer.start()
  await untilCaughtUp(db.pool, async () => head)
  const seconds = (performance.now() - started) / 1000
  await indexer.stop()
  const rows = Number((await db.pool.query('SELECT count(*)::int AS n FROM action_log')).rows[0].n)
  console.log(`this indexer: ${fmt(rows)} action_log rows in ${seconds.toFixed(2)} s = ${fmt(rows / seconds)} events/s`)
  await db.close()
  await target.drop()
  ours = rows / seconds
}

const countPonderRows = (url: string) =>
  Number(
    execFileSync('/usr/lib/postgresql/15/bin/psql', [url, '-tAc', 'SELECT count(*) FROM bench.action_log'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim(),
  )

// 2. Ponder, cold, in its own database.
{
  const project = join(ponderDir, 'project')
  mkdirSync(join(project, 'src'), { recursive: true })
  writeFileSync(join(project, 'abi.ts'), `export const logAbi = ${JSON.stringify(logAbi)} as const\n`)
  writeFileSync(
    join(project, 'ponder.config.ts'),
    `import { createConfig } from 'ponder'
import { logAbi } from './abi'
export default createConfig({
  database: { kind: 'postgres', connectionString: process.env.DATABASE_URL },
  chains: { local: { id: 31337, rpc: process.env.PONDER_RPC_URL, disableCache: true } },
  contracts: { Log: { chain: 'local', abi: logAbi, address: process.env.LOG_ADDRESS as \`0x\${string}\`, startBlock: 0 } },
})
`,
  )
  writeFileSync(
    join(project, 'ponder.schema.ts'),
    `import { onchainTable } from 'ponder'
export const actionLog = onchainTable('action_log', (t) => ({
  index: t.bigint().primaryKey(),
  owner: t.hex().notNull(),
  from: t.hex().notNull(),
  writer: t.hex().notNull(),
  userIndex: t.bigint().notNull(),
  symbol: t.text().notNull(),
  action: t.text().notNull(),
  isReduce: t.boolean().notNull(),
  isReward: t.boolean().notNull(),
  amount: t.bigint().notNull(),
  balance: t.bigint().notNull(),
  startTime: t.bigint().notNull(),
  blockNumber: t.bigint().notNull(),
}))
`,
  )
  writeFileSync(
    join(project, 'src', 'index.ts'),
    `import { ponder } from 'ponder:registry'
import { actionLog } from 'ponder:schema'
ponder.on('Log:LogAdded', async ({ event, context }) => {
  await context.db.insert(actionLog).values({ ...event.args, blockNumber: event.block.number })
})
`,
  )
  mkdirSync(join(project, 'src', 'api'), { recursive: true })
  writeFileSync(join(project, 'src', 'api', 'index.ts'), "import { Hono } from 'hono'\nexport default new Hono()\n")
  writeFileSync(join(project, 'ponder-env.d.ts'), '/// <reference types="ponder/virtual" />\n')
  const target = await createTestDatabase(pg.url, 'ponder_bench_ponder')
  const port = 42_000 + Math.floor(Math.random() * 1000)
  const started = performance.now()
  const child = spawn(
    join(ponderDir, 'node_modules', '.bin', 'ponder'),
    ['start', '--port', String(port), '--schema', 'bench', '--log-level', process.env.PONDER_LOG_LEVEL ?? 'warn'],
    {
      cwd: project,
      env: { ...process.env, DATABASE_URL: target.url, PONDER_RPC_URL: core.url, LOG_ADDRESS: core.log },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let exited = false
  child.on('exit', () => (exited = true))
  // Seconds until its table exists: the build and startup before it reads the chain.
  let startup = 0
  // Done when every event is in its table (backfilled or, above its finality depth, indexed live). Its table
  // appears once it has built the project and connected: the time before that is its startup.
  for (let rows = -1; rows < total;) {
    await new Promise((r) => setTimeout(r, 250))
    if (exited) throw new Error(`ponder exited:\n${output.slice(-3000)}`)
    if (performance.now() - started > 900_000) throw new Error(`ponder not done in 900 s:\n${output.slice(-3000)}`)
    try {
      rows = countPonderRows(target.url)
      if (!startup) startup = (performance.now() - started) / 1000
    } catch {
      rows = -1 // its schema is not there yet
    }
  }
  const seconds = (performance.now() - started) / 1000
  const rows = countPonderRows(target.url)
  if (rows < total) console.log(`ponder indexed ${rows} of ${total} events; its output:\n${output.slice(-4000)}`)
  child.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1000))
  const rate = rows / seconds
  console.log(
    `ponder 0.16.10 (cold, process start to every row): ${fmt(rows)} action_log rows in ${seconds.toFixed(2)} s = ` +
      `${fmt(rate)} events/s (${startup.toFixed(1)} s of it before its table existed; after that ` +
      `${fmt(rows / (seconds - startup))} events/s) | this indexer / ponder: ${(ours / rate).toFixed(2)}x ` +
      `(${(ours / (rows / (seconds - startup))).toFixed(2)}x without Ponder's startup)`,
  )
}

await node.stop()
pg.stop()
process.exit(0)
