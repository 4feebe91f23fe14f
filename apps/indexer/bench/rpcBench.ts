// Catch-up through a remote-like endpoint (issue 24): a proxy in front of the local node adds 100 ms to every
// answer, refuses eth_getLogs ranges above 1,000 blocks (naming the limit, as public BSC endpoints do) and fails
// 10% of the calls with 429 or a timeout. Prints the catch-up speed next to the best that proxy allows
// (eth_getLogs requests in flight x range / latency, with the most in flight the proxy saw) in the same run, then compares
// the index with a clean one read straight from the node.
// Run from apps/indexer: node --conditions=@nexus/source bench/rpcBench.ts
// (RPC_BENCH_BLOCKS, default 200,000 blocks: long enough that the start does not dominate; RPC_BENCH_LATENCY ms, default 100; RPC_BENCH_RANGE, default 1,000).
import { createServer } from 'node:http'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase } from '@nexus/db/testing'
import { startFaultyProxy, startHardhatNode } from '@nexus/testing'
import { isDeepStrictEqual } from 'node:util'
import type { Address, Hex } from 'viem'
import { deployCore, rpcCall } from '../src/_test/deployCore.ts'
import { dumpIndex } from '../src/_test/dumpIndex.ts'
import { createMetrics } from '../src/internal/metrics.ts'
import { createIndexer } from '../src/sync/createIndexer.ts'
import { createRpc } from '../src/sync/createRpc.ts'
import { importAtCommit, repoRoot } from './lib.ts'

const blocks = Number(process.env.RPC_BENCH_BLOCKS ?? 200_000)
const latency = Number(process.env.RPC_BENCH_LATENCY ?? 100)
const limit = Number(process.env.RPC_BENCH_RANGE ?? 1_000)
const faultRate = Number(process.env.RPC_BENCH_FAULTS ?? 0.1)
const inFlight = process.env.RPC_BENCH_IN_FLIGHT ? Number(process.env.RPC_BENCH_IN_FLIGHT) : undefined
// RPC_BENCH_BEFORE=<commit>: every run also indexes with that commit's indexer (apps/indexer/src extracted under
// .data/bench-before/), right before this one, through a proxy with the same settings and fault seed.
type Implementation = {
  createIndexer: typeof createIndexer
  createRpc: typeof createRpc
  createMetrics: typeof createMetrics
}
const current: Implementation = { createIndexer, createRpc, createMetrics }
const beforeCommit = process.env.RPC_BENCH_BEFORE
const before: Implementation | undefined = beforeCommit
  ? {
      createIndexer: (await importAtCommit<Implementation>(beforeCommit, 'sync/createIndexer.ts')).createIndexer,
      createRpc: (await importAtCommit<Implementation>(beforeCommit, 'sync/createRpc.ts')).createRpc,
      createMetrics: (await importAtCommit<Implementation>(beforeCommit, 'internal/metrics.ts')).createMetrics,
    }
  : undefined
const { startPostgres } = (await import(pathToFileURL(join(repoRoot, 'scripts', 'lib', 'pg.mjs')).href)) as {
  startPostgres: () => Promise<{ url: string; stop: () => void }>
}
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }

const pg = await startPostgres()
const node = await startHardhatNode()
process.once('exit', () => {
  pg.stop()
  void node.stop()
})
const core = await deployCore(node.url)
// A sparse chain, as a product contract sees BSC: a block of 50 Log entries every 500 blocks.
const owners = core.accounts.slice(0, 10)
for (let mined = 0; mined < blocks; mined += 500) {
  await core.addLogs(owners as Address[], 50, mined / 500)
  await rpcCall(node.url, 'hardhat_mine', ['0x1f3'])
}
// The last blocks mined one by one: Hardhat answers the blocks hardhat_mine reserves with a zero parentHash, so that
// a block above the finalized one, which the head-following links to the checkpoint by its parent hash, would look
// like a reorg (the head-following's rollback path, about 1 s here) where a real chain links.
for (let i = 0; i < 4; i++) await rpcCall(node.url, 'evm_mine', [])
const head = BigInt(await rpcCall<Hex>(node.url, 'eth_blockNumber'))
const first = core.sources.reduce((min, s) => (s.startBlock < min ? s.startBlock : min), head)
console.log(`chain: ${fmt(Number(head - first))} blocks, ${fmt((blocks / 500) * 50)} Log entries`)

/**
 * RPC_BENCH_TRACE=requests: a relay in front of the proxy printing each request (start and end in seconds from the
 * run's start, method, blocks, outcome) as it ends.
 */
async function traceRequests(target: string, started: () => number) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const t0 = (performance.now() - started()) / 1000
      const body = Buffer.concat(chunks).toString()
      const call = JSON.parse(body) as { method: string; params: unknown[] }
      const filter = call.params[0] as { fromBlock?: string; toBlock?: string } | string
      const what =
        typeof filter === 'object' && filter.fromBlock
          ? `${BigInt(filter.fromBlock)}-${BigInt(filter.toBlock ?? '0')}`
          : typeof filter === 'string'
            ? filter.startsWith('0x')
              ? String(BigInt(filter))
              : filter
            : ''
      const print = (outcome: string) =>
        console.log(
          `    ${t0.toFixed(3)}-${((performance.now() - started()) / 1000).toFixed(3)} ${call.method} ${what} ${outcome}`,
        )
      let done = false
      response.once('close', () => {
        if (!done) print('client gave up')
      })
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (upstream) => {
          const text = await upstream.text()
          done = true
          print(`${upstream.status}${text.includes('"error"') ? ' error' : ''}`)
          response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text)
        },
        () => {
          done = true
          print('no answer')
          response.destroy()
        },
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    stop: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

async function index(db: Database, endpoint: string, timeout: number, implementation = current) {
  let started = performance.now()
  const relay = process.env.RPC_BENCH_TRACE === 'requests' ? await traceRequests(endpoint, () => started) : undefined
  const url = relay?.url ?? endpoint
  const metrics = implementation.createMetrics()
  const indexer = implementation.createIndexer({
    db,
    rpc: implementation.createRpc({ url, metrics, timeout, backoff: 50 }),
    chainId: 31337,
    sources: core.sources,
    metrics,
    logger: quiet,
    deferIndexesAbove: Infinity,
    ...(inFlight && { inFlight }),
  })
  started = performance.now()
  const steps: number[] = []
  for (;;) {
    try {
      const event = await indexer.step()
      if (process.env.RPC_BENCH_TRACE)
        console.log(
          ((performance.now() - started) / 1000).toFixed(3),
          JSON.stringify(event, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
        )
      if (event.type === 'idle') break
      steps.push(performance.now())
    } catch (error) {
      if (process.env.RPC_BENCH_TRACE)
        console.log(((performance.now() - started) / 1000).toFixed(3), String(error).slice(0, 200))
      // a step that failed after its retries: the loop would sleep and step again
    }
  }
  const seconds = (performance.now() - started) / 1000
  await relay?.stop()
  const phases = (await metrics.phaseSeconds.get()).values
    .map((v) => `${String(v.labels.phase)} ${v.value.toFixed(2)}`)
    .join(', ')
  const hedges = 'rpcHedges' in metrics ? (await metrics.rpcHedges.get()).values[0]?.value : undefined
  console.log(
    `  ${steps.length} steps; sync phases (s): ${phases}${hedges === undefined ? '' : `; header reads hedged: ${hedges}`}`,
  )
  return seconds
}

const cleanTarget = await createTestDatabase(pg.url, 'rpc_bench_clean')
const clean = await createDatabase({ url: cleanTarget.url })
// Runs alternate: the proxy answers `finalized` with the block 2 below its head as BSC does (the catch-up reads up
// to it without proofs), then with the node's own answer (Hardhat calls its head finalized: the catch-up reads to
// the head minus the confirmations, 0 here, proving each batch).
const runs = Number(process.env.RPC_BENCH_RUNS ?? 2)
const indexes: { db: Database; drop: () => Promise<void> }[] = []
for (let run = 0; run < runs; run++) {
  const finalizedTag = run % 2 === 0
  for (const [label, implementation] of [
    ...(before ? [[`before (${beforeCommit})`, before] as const] : []),
    [before ? 'after' : '', current] as const,
  ]) {
    const proxy = await startFaultyProxy(node.url, faultRate, 7 + run, {
      latency,
      maxRange: limit,
      kinds: ['429', 'timeout'],
      ...(finalizedTag && { finalizedDepth: 2 }),
    })
    const target = await createTestDatabase(pg.url, `rpc_bench_${run}_${label ? label.split(' ')[0] : 'run'}`)
    const db = await createDatabase({ url: target.url })
    indexes.push({ db, drop: target.drop })
    const seconds = await index(db, proxy.url, 4 * latency + 500, implementation)
    const speed = Number(head - first) / seconds
    const mostInFlight = proxy.maxInFlight('eth_getLogs')
    const bound = (mostInFlight * limit) / (latency / 1000)
    console.log(
      `${label ? `${label}: ` : ''}catch-up through the proxy (${latency} ms, ranges <= ${fmt(limit)} blocks, 10% 429/timeouts, ` +
        `${finalizedTag ? 'finalized tag 2 below the head' : 'no finalized tag: proofs per batch'}): ` +
        `${fmt(speed)} blocks/s (${seconds.toFixed(1)} s, ${proxy.requests()} requests, faults ${JSON.stringify(proxy.faults)})`,
    )
    console.log(
      `proxy's bound: ${mostInFlight} eth_getLogs in flight x ${fmt(limit)} blocks / ${latency} ms = ${fmt(bound)} blocks/s; ` +
        `reached ${(speed / bound).toFixed(2)} of it`,
    )
    await proxy.stop()
  }
}
const cleanSeconds = await index(clean, node.url, 10_000)
console.log(
  `same chain straight from the node (no proxy, same machine): ${fmt(Number(head - first) / cleanSeconds)} blocks/s ` +
    `(${cleanSeconds.toFixed(1)} s): the most this machine allows the proxy's path, whatever its bound`,
)
const cleanDump = await dumpIndex(clean)
for (const { db } of indexes) {
  console.log(`index identical to a clean one: ${isDeepStrictEqual(await dumpIndex(db), cleanDump)}`)
}
await Promise.all([clean.close(), ...indexes.map(({ db }) => db.close())])
await Promise.all([cleanTarget.drop(), ...indexes.map(({ drop }) => drop())])
process.exit(0)
