// Indexer benchmark (printed figures, not a test). Run from apps/indexer:
//   node --conditions=@nexus/source bench/bench.ts            (BENCH_SCALE=1: 200,000 / 20,000 / 20,000 events)
//   BENCH_SCALE=0.1 node --conditions=@nexus/source bench/bench.ts   (a tenth, for a quick look)
// It starts its own Hardhat node and PostgreSQL 15 cluster, and measures in one run:
//   1. catch-up throughput at ~100, ~10 and 1 event(s) per block, next to the node's raw eth_getLogs rate and
//      PostgreSQL's COPY of the same rows (psql \copy of what the indexer wrote, into tables without indexes), with
//      the ratios;
//   2. restart-ready time (open + migrate + first step with nothing new);
//   3. GraphQL p50/p99/rps (autocannon, 8 connections) over >= 1,000,000 action_log rows;
//   4. real-time lag from a mined block to a queryable row.
// BENCH_BEFORE=<commit>: the catch-ups also run the indexer of that commit (its apps/indexer/src, extracted
// under .data/bench-before/) on the same chain into its own database, so before and after share the run's
// conditions. The load generator (autocannon) runs as a child process, so that it does not share the server's
// event loop, and measures a bare Fastify route first: every GraphQL figure is also printed as a ratio of it.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase } from '@nexus/db/testing'
import type { Address, Hex } from 'viem'
import { deployCore, rpcCall, type Core } from '../src/_test/deployCore.ts'
import { startHardhatNode } from '@nexus/testing'
import Fastify from 'fastify'
import { createServer } from '../src/createServer.ts'
import { createMetrics } from '../src/internal/metrics.ts'
import { createIndexer } from '../src/sync/createIndexer.ts'
import { entityTables } from '../src/store/tables.ts'
import { createRpc } from '../src/sync/createRpc.ts'
import { fillOrderTotals, importAtCommit, loadTest, repoRoot, untilCaughtUp } from './lib.ts'

const scale = Number(process.env.BENCH_SCALE ?? 1)
const { startPostgres } = (await import(pathToFileURL(join(repoRoot, 'scripts', 'lib', 'pg.mjs')).href)) as {
  startPostgres: () => Promise<{ url: string; stop: () => void }>
}
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

const pg = await startPostgres()
// Whatever happens (a failed step throws), the cluster ends with the process.
process.once('exit', () => pg.stop())
const results: string[] = []
const print = (line: string) => {
  results.push(line)
  console.log(line)
}

type Implementation = {
  createIndexer: typeof createIndexer
  createRpc: typeof createRpc
  createMetrics: typeof createMetrics
}
const current: Implementation = { createIndexer, createRpc, createMetrics }

/** The indexer of another commit (its apps/indexer/src), for before/after figures from the same run. */
async function implementationOf(commit: string): Promise<Implementation> {
  return {
    createIndexer: (await importAtCommit<Implementation>(commit, 'sync/createIndexer.ts')).createIndexer,
    createRpc: (await importAtCommit<Implementation>(commit, 'sync/createRpc.ts')).createRpc,
    createMetrics: (await importAtCommit<Implementation>(commit, 'internal/metrics.ts')).createMetrics,
  }
}
const beforeCommit = process.env.BENCH_BEFORE
const before = beforeCommit ? await implementationOf(beforeCommit) : undefined

async function indexAll(core: Core, db: Database, implementation: Implementation = current) {
  const metrics = implementation.createMetrics()
  const indexer = implementation.createIndexer({
    db,
    rpc: implementation.createRpc({ url: core.url, metrics }),
    chainId: 31337,
    sources: core.sources,
    metrics,
    logger: quiet,
    deferIndexesAbove: 0,
  })
  const started = performance.now()
  indexer.start()
  await untilCaughtUp(db.pool, async () => BigInt(await rpcCall<Hex>(core.url, 'eth_blockNumber')))
  const seconds = (performance.now() - started) / 1000
  await indexer.stop()
  const phases = (await metrics.phaseSeconds.get()).values
    .map((v) => `${String(v.labels.phase)} ${v.value.toFixed(2)}`)
    .join(', ')
  console.log(`  sync phases (s): ${phases}`)
  return seconds
}

async function rawGetLogs(core: Core) {
  const head = BigInt(await rpcCall<Hex>(core.url, 'eth_blockNumber'))
  const started = performance.now()
  let logs = 0
  for (let from = 0n; from <= head; from += 1000n) {
    const to = from + 999n < head ? from + 999n : head
    const result = await rpcCall<unknown[]>(core.url, 'eth_getLogs', [
      { address: [core.log, core.main], fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` },
    ])
    logs += result.length
  }
  return logs / ((performance.now() - started) / 1000)
}

/**
 * PostgreSQL's own COPY rate for the rows the indexer wrote (event_log and the entity tables, exported with
 * psql \copy), into tables of the same columns without indexes: events per second at the database's raw limit.
 */
function copyRate(url: string, events: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-copy-'))
  const psql = (command: string) => execFileSync('/usr/lib/postgresql/15/bin/psql', [url, '-qtAc', command])
  const timed = (command: string) => {
    const started = performance.now()
    psql(command)
    return (performance.now() - started) / 1000
  }
  let seconds = 0
  for (const table of ['event_log', ...Object.keys(entityTables)]) {
    if (Number(String(psql(`SELECT count(*) FROM ${table}`)).trim()) === 0) continue
    const file = join(dir, `${table}.tsv`)
    psql(`\\copy ${table} TO '${file}'`)
    psql(`CREATE TABLE copy_bench_${table} (LIKE ${table})`)
    // psql's own start (a no-op the same way) is not PostgreSQL's COPY time.
    const start = Math.min(timed('SELECT 1'), timed('SELECT 1'))
    seconds += Math.max(timed(`\\copy copy_bench_${table} FROM '${file}'`) - start, 0.001)
    psql(`DROP TABLE copy_bench_${table}`)
  }
  rmSync(dir, { recursive: true, force: true })
  return events / seconds
}

// BENCH_DENSITIES picks densities (events per block, default all three: 100,10,1); BENCH_NO_SERVE=1 skips
// the restart, GraphQL and real-time parts (for profiling the catch-up alone).
const densities = (process.env.BENCH_DENSITIES ?? '100,10,1').split(',').map(Number)
const serve = process.env.BENCH_NO_SERVE !== '1'

// 1. Catch-up throughput at three densities.
for (const [label, events, perBlock] of (
  [
    ['~100 per block', 200_000, 100],
    ['~10 per block', 20_000, 10],
    ['1 per block', 20_000, 1],
  ] as const
).filter(([, , perBlock]) => densities.includes(perBlock))) {
  const total = Math.max(100, Math.round(events * scale))
  const node = await startHardhatNode()
  const core = await deployCore(node.url)
  const owners = core.accounts.slice(0, 10)
  const sendStarted = performance.now()
  let sent = 0
  if (perBlock === 1) {
    for (; sent < total; sent++)
      await core.addLog(owners[sent % 10] as Address, 'USDT', 'stake_deposit', BigInt(sent + 1))
  } else {
    // Several Multicall3 batches of at most 50 entries mined together into one block.
    await rpcCall(core.url, 'evm_setAutomine', [false])
    for (; sent < total; sent += perBlock) {
      const hashes: Hex[] = []
      for (let part = 0; part < perBlock; part += 50) {
        const count = Math.min(50, perBlock - part)
        hashes.push(
          await core.sendFast(
            core.accounts[0] as Address,
            core.multicall,
            core.addLogsData(owners, count, sent + part),
          ),
        )
      }
      await rpcCall(core.url, 'evm_mine')
      await core.publicClient.waitForTransactionReceipt({ hash: hashes.at(-1) as Hex })
    }
    await rpcCall(core.url, 'evm_setAutomine', [true])
  }
  const generated = (performance.now() - sendStarted) / 1000
  // Events indexed: the Log contract's entries are action_log rows (earlier commits also kept them in event_log).
  const count = async (database: Database) =>
    Number(
      (
        await database.pool.query(
          `SELECT (SELECT count(*) FROM event_log WHERE event_name <> 'LogAdded') + (SELECT count(*) FROM action_log) AS n`,
        )
      ).rows[0].n,
    )
  let beforeRate: number | undefined
  if (before) {
    // The same chain indexed by the earlier commit's code, cold, into a database of its own.
    const beforeTarget = await createTestDatabase(pg.url, 'bench_before')
    const beforeDb = await createDatabase({ url: beforeTarget.url })
    const beforeSeconds = await indexAll(core, beforeDb, before)
    beforeRate = (await count(beforeDb)) / beforeSeconds
    await beforeDb.close()
    await beforeTarget.drop()
  }
  const target = await createTestDatabase(pg.url, 'bench')
  const db = await createDatabase({ url: target.url })
  const seconds = await indexAll(core, db)
  const indexed = await count(db)
  const getLogs = await rawGetLogs(core)
  const copy = copyRate(target.url, indexed)
  const rate = indexed / seconds
  print(
    `catch-up ${label}: ${fmt(indexed)} events in ${seconds.toFixed(2)} s = ${fmt(rate)} events/s` +
      ` | node eth_getLogs ${fmt(getLogs)} logs/s (ratio ${(rate / getLogs).toFixed(3)})` +
      ` | PostgreSQL COPY of the same rows ${fmt(copy)} events/s (ratio ${(rate / copy).toFixed(3)})` +
      (beforeRate
        ? ` | before (${beforeCommit}) ${fmt(beforeRate)} events/s (after/before ${(rate / beforeRate).toFixed(2)}x)`
        : '') +
      ` | chain generated in ${generated.toFixed(1)} s`,
  )

  if (perBlock === 100 && serve) {
    // 2. Restart with nothing new: open (migrations up to date), serve, first step idle.
    await db.close()
    const restartStarted = performance.now()
    const again = await createDatabase({ url: target.url })
    const metrics = createMetrics()
    const rpc = createRpc({ url: node.url, metrics })
    const app = createServer({
      db: again,
      rpc,
      chainId: 31337,
      confirmations: 0,
      readyMaxLag: 5,
      contracts: ['Main', 'Log', 'Burn'],
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const indexer = createIndexer({
      db: again,
      rpc,
      chainId: 31337,
      sources: core.sources,
      metrics,
      logger: quiet,
      pollInterval: 20,
    })
    const step = await indexer.step()
    const ready = (await app.inject({ url: '/readyz' })).statusCode
    print(
      `restart with nothing new: ready (${ready}, first step ${step.type}) in ${((performance.now() - restartStarted) / 1000).toFixed(2)} s`,
    )

    // 3. GraphQL latency over >= 1,000,000 rows (synthetic rows added beside the indexed ones).
    await again.pool.query(
      `INSERT INTO action_log (chain_id, index, owner, "from", writer, user_index, symbol, action, is_reduce, is_reward,
         amount, balance, start_time, block_number, block_hash, log_index, transaction_hash)
       SELECT 31337, 10000000 + g, '0x' || lpad(to_hex(g % 20000), 40, '0'), '0x00', '0x00', g, (ARRAY['USDT','NEX','BNB'])[1 + g % 3],
         (ARRAY['burn','stake','claim'])[1 + g % 3], false, g % 5 = 0, g, g, g, 1000000 + g, '0x' || g, 0, '0x'
       FROM generate_series(1, 1000000) g`,
    )
    // Burn orders of the same 20,000 accounts (25 each), every other one with a later status change.
    await again.pool.query(
      `INSERT INTO order_record (chain_id, contract, order_index, owner, amount, tokens, details, start_time, end_time,
         block_number, block_hash, log_index, transaction_hash)
       SELECT 31337, 'Burn', g, '0x' || lpad(to_hex(g % 20000), 40, '0'), g, g, '{}', g, g + 100, 1000000 + g,
         '0xo' || g, 0, '0x'
       FROM generate_series(1, 500000) g`,
    )
    await again.pool.query(
      `INSERT INTO order_change (chain_id, block_hash, log_index, contract, order_index, owner, event_name, status,
         amount, details, block_number, block_timestamp, transaction_hash)
       SELECT 31337, '0xc' || g, 0, 'Burn', g * 2, '0x' || lpad(to_hex((g * 2) % 20000), 40, '0'), 'Released',
         'completed', 1, '{}', 2000000 + g, 1, '0x'
       FROM generate_series(1, 250000) g`,
    )
    await fillOrderTotals(again.pool)
    await again.pool.query('ANALYZE action_log; ANALYZE order_record; ANALYZE order_change')
    const rows = Number((await again.pool.query('SELECT count(*)::int AS n FROM action_log')).rows[0].n)
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    // The HTTP ceiling of this machine at this moment: a bare Fastify route answering a constant, same load.
    const bare = Fastify()
    bare.post('/bare', async () => ({ data: { ok: true } }))
    await bare.listen({ port: 0, host: '127.0.0.1' })
    const bareAddress = bare.server.address()
    const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/bare`
    await loadTest(bareUrl, '{}', 1)
    const bareResult = await loadTest(bareUrl, '{}', 5)
    await bare.close()
    print(
      `bare Fastify route (baseline): p50 ${bareResult.latency.p50} ms, p99 ${bareResult.latency.p99} ms, ` +
        `${fmt(bareResult.requests.average)} req/s`,
    )
    const busy = '0x' + (7).toString(16).padStart(40, '0')
    const first = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: `{ actionLog(account: "${busy}", first: 100) { pageInfo { endCursor } } }` },
    })
    const cursor = (JSON.parse(first.body) as { data: { actionLog: { pageInfo: { endCursor: string } } } }).data
      .actionLog.pageInfo.endCursor
    for (const [name, query] of [
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
      ['team', `{ team(account: "${core.accounts[1]}") { directCount indirectCount teamSize teamVolume level } }`],
    ] as const) {
      // One second of warm-up (JIT, connections, statement plans) before the measured five.
      const body = JSON.stringify({ query })
      await loadTest(`http://127.0.0.1:${port}/graphql`, body, 1)
      const result = await loadTest(`http://127.0.0.1:${port}/graphql`, body, 5)
      if (result.non2xx || result.errors) throw new Error(`graphql ${name}: failed requests`)
      const check = await app.inject({ method: 'POST', url: '/graphql', payload: { query } })
      if ((JSON.parse(check.body) as { errors?: unknown }).errors) throw new Error(`graphql ${name}: ${check.body}`)
      print(
        `graphql ${name} over ${fmt(rows)} action_log rows: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
          `${fmt(result.requests.average)} req/s (${(result.requests.average / bareResult.requests.average).toFixed(2)} of ` +
          `the bare route; non-2xx ${result.non2xx}, errors ${result.errors})`,
      )
    }

    // 4. Real-time lag: mined block -> row visible through GraphQL (head polled every 20 ms).
    indexer.start()
    const lags: number[] = []
    for (let i = 0; i < 30; i++) {
      const owner = core.accounts[12] as Address
      const sentAt = performance.now()
      await core.addLog(owner, 'USDT', 'stake_deposit', BigInt(i + 1))
      for (;;) {
        const response = await app.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: `{ actionLog(account: "${owner}", symbol: "LAG", first: 1) { totalCount } }` },
        })
        if (
          (JSON.parse(response.body) as { data: { actionLog: { totalCount: number } } }).data.actionLog.totalCount > i
        )
          break
        await new Promise((r) => setTimeout(r, 5))
      }
      lags.push(performance.now() - sentAt)
    }
    print(
      `real-time lag (send + mine + index + query): p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms`,
    )
    await indexer.stop()
    await app.close()
    await again.close()
  } else {
    await db.close()
  }
  await target.drop()
  await node.stop()
}

console.log('\nsummary\n' + results.join('\n'))
pg.stop()
process.exit(0)
