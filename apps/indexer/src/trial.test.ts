// The randomized trial (issue 24): whatever the chain and the process do, the index ends identical, table by
// table, to a clean index of the same chain. Each run (a fast-check schedule on a real Hardhat node) writes
// registrations and Log entries while an indexer process reads them through a proxy that fails 5% of the calls
// (timeouts, 429, 5xx, garbage); it reorganises the chain at any depth (1-3 blocks, and up to 40, beyond the 8
// headers the process keeps: its rollback then reaches further back or starts over), while the process runs and
// while it is stopped, and kills it (SIGKILL) at any point of its ingestion. At the end the process catches up,
// and its index is compared with a clean one. The chain goes back to where the run started.
// Each finality the indexer meets runs (see `src/sync/finality.ts`): `head` (the node calls its head finalized, as
// Hardhat does, and no confirmations: the catch-up reads to the head, proving each batch), `confirmations` (4: the
// catch-up reads to 4 below the head, the head-following the blocks above it one by one; reorgs of 1-3 blocks stay
// inside that window, deeper ones reach below it) and `finalized` (the proxy answers the `finalized` tag with the
// block 4 below the head, as a BSC node does, never going back: the catch-up reads up to it without proofs; the
// chain is never reorganised below a block called finalized, as no real chain is).
// INDEXER_DEEP=1: more runs and longer schedules.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import { type FaultyProxy, startFaultyProxy, startHardhatNode, type HardhatNode } from '@nexus/testing'
import fc from 'fast-check'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { deployCore, rpcCall, type Core } from './_test/deployCore.ts'
import { dumpIndex, emptyIndex } from './_test/dumpIndex.ts'
import { createMetrics } from './internal/metrics.ts'
import { createIndexer } from './sync/createIndexer.ts'
import { createRpc } from './sync/createRpc.ts'

const deep = process.env.INDEXER_DEEP === '1'
/** Runs per finality. */
const runs = deep ? 9 : 1
const finalities = ['head', 'confirmations', 'finalized'] as const
type Finality = (typeof finalities)[number]
const actions = deep ? 80 : 30

let node: HardhatNode
let core: Core
let proxy: FaultyProxy | undefined
const faults: Record<string, number> = {}
let trialTarget: TestDatabase
let cleanTarget: TestDatabase
let trialDb: Database
let cleanDb: Database
let child: ChildProcess | undefined
const counts = {
  runs: 0,
  reorgs: 0,
  reorgsWhileStopped: 0,
  deepReorgs: 0,
  /** Reorgs not made in `finalized` runs: they would have reached below the finalized block. */
  reorgsBelowFinalized: 0,
  kills: 0,
  killsMidway: 0,
  blocks: 0,
}

type Action =
  | { kind: 'logs'; count: number; salt: number }
  | { kind: 'register'; account: number; referrer: number }
  | { kind: 'mine'; blocks: number }
  | { kind: 'reorg'; depth: number; replacement: number }
  | { kind: 'kill' }
  | { kind: 'start' }
  | { kind: 'pause'; ms: number }

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('logs' as const),
      count: fc.integer({ min: 1, max: 40 }),
      salt: fc.nat(1_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('register' as const),
      account: fc.integer({ min: 2, max: 19 }),
      referrer: fc.integer({ min: 1, max: 19 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('mine' as const), blocks: fc.integer({ min: 1, max: 5 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('reorg' as const),
      depth: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 4, max: 40 })),
      replacement: fc.integer({ min: 0, max: 6 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'kill' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'start' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pause' as const), ms: fc.integer({ min: 0, max: 300 }) }) },
)

const head = async () => BigInt(await rpcCall<Hex>(node.url, 'eth_blockNumber'))
const headHash = async () => (await core.publicClient.getBlock({ blockTag: 'latest' })).hash

async function startProcess(finality: Finality) {
  if (child || !proxy) return
  const script = join(import.meta.dirname, '_test', 'runIndexer.ts')
  const started = spawn(process.execPath, ['--conditions=@nexus/source', script], {
    env: {
      ...process.env,
      DATABASE_URL: trialTarget.url,
      RPC_URL: proxy.url,
      RPC_TIMEOUT: '300',
      MAX_RANGE: '6',
      KEEP_BLOCKS: '8',
      ...(finality === 'confirmations' && { CONFIRMATIONS: '4' }),
      SOURCES: JSON.stringify(
        core.sources.map((s) => ({ name: s.name, address: s.address, startBlock: String(s.startBlock) })),
      ),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child = started
  started.stderr?.resume()
  await new Promise<void>((resolve) => {
    started.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('indexing') && resolve())
    started.once('exit', () => resolve())
  })
}

async function killProcess() {
  const running = child
  if (!running) return
  child = undefined
  const exited = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGKILL')
  await exited
  counts.kills++
  const row = (await trialDb.pool.query<{ block_hash: string }>('SELECT block_hash FROM chain_checkpoint')).rows[0]
  if (row?.block_hash !== (await headHash())) counts.killsMidway++
}

/** Waits until the process's checkpoint is the chain's head block. */
async function caughtUp() {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const row = (await trialDb.pool.query<{ block_hash: string }>('SELECT block_hash FROM chain_checkpoint')).rows[0]
    if (row?.block_hash === (await headHash())) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('the indexer process did not catch up within 120 s')
}

async function cleanIndex() {
  await emptyIndex(cleanDb)
  const metrics = createMetrics()
  const quiet = () => undefined
  const indexer = createIndexer({
    db: cleanDb,
    rpc: createRpc({ url: node.url, metrics }),
    chainId: 31337,
    sources: core.sources,
    metrics,
    logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
    deferIndexesAbove: Infinity,
  })
  for (let i = 0; ; i++) {
    if ((await indexer.step()).type === 'idle') break
    if (i > 10_000) throw new Error('clean index did not catch up')
  }
  return await dumpIndex(cleanDb)
}

/** Runs one schedule from an empty index and compares the result with a clean index of the same chain. */
async function run(finality: Finality, schedule: readonly Action[]) {
  counts.runs++
  const base = await rpcCall<Hex>(node.url, 'evm_snapshot')
  const points: { height: bigint; id: Hex }[] = []
  proxy = await startFaultyProxy(node.url, 0.05, 24 + counts.runs, {
    ...(finality === 'finalized' && { finalizedDepth: 4 }),
  })
  try {
    await emptyIndex(trialDb)
    await startProcess(finality)
    for (const step of schedule) {
      if (step.kind === 'logs' || step.kind === 'register' || step.kind === 'mine') {
        points.push({ height: await head(), id: await rpcCall<Hex>(node.url, 'evm_snapshot') })
      }
      switch (step.kind) {
        case 'logs':
          if (step.count === 1) await core.addLog(core.accounts[step.salt % 9] as Address, 'NEX', 'mining_reward', 1n)
          else await core.addLogs(core.accounts.slice(0, 9), step.count, step.salt)
          break
        case 'register': {
          // A registration the contract refuses (already registered, referrer not registered) still mines a block.
          const account = core.accounts[step.account] as Address
          await core.register(account, core.accounts[step.referrer] as Address).catch(() => undefined)
          break
        }
        case 'mine':
          await rpcCall(node.url, 'hardhat_mine', [`0x${step.blocks.toString(16)}`])
          break
        case 'reorg': {
          const target = (await head()) - BigInt(step.depth)
          let index = points.length - 1
          while (index >= 0 && (points[index] as { height: bigint }).height > target) index--
          const point = points[Math.max(index, 0)]
          if (!point) break
          // A finalized block stays: back to a point below it would be a reorg no real chain makes.
          if (finality === 'finalized' && point.height < proxy.finalized()) {
            counts.reorgsBelowFinalized++
            break
          }
          // The model follows the chain: a refused revert (a snapshot the node no longer has) is no reorg.
          const reverted = await rpcCall<boolean>(node.url, 'evm_revert', [point.id])
          points.splice(Math.max(index, 0))
          if (!reverted) break
          counts.reorgs++
          if (!child) counts.reorgsWhileStopped++
          if (step.depth > 8) counts.deepReorgs++
          for (let i = 0; i < step.replacement; i++) {
            await core.addLog(core.accounts[(i + step.depth) % 9] as Address, 'USDT', 'fomo_release', BigInt(i + 1))
          }
          break
        }
        case 'kill':
          await killProcess()
          break
        case 'start':
          await startProcess(finality)
          break
        case 'pause':
          await new Promise((r) => setTimeout(r, step.ms))
          break
      }
    }
    await startProcess(finality)
    await caughtUp()
    await killProcess()
    counts.blocks += Number((await head()) - (core.sources[0]?.startBlock ?? 0n))
    expect(await dumpIndex(trialDb)).toEqual(await cleanIndex())
  } finally {
    await killProcess()
    for (const [kind, count] of Object.entries(proxy.faults)) faults[kind] = (faults[kind] ?? 0) + count
    await proxy.stop()
    proxy = undefined
    expect(await rpcCall<boolean>(node.url, 'evm_revert', [base])).toBe(true)
  }
}

beforeAll(async () => {
  ;[node, trialTarget, cleanTarget] = await Promise.all([
    startHardhatNode(),
    createTestDatabase(inject('databaseUrl'), 'indexer_trial'),
    createTestDatabase(inject('databaseUrl'), 'indexer_trial_clean'),
  ])
  ;[trialDb, cleanDb] = await Promise.all([
    createDatabase({ url: trialTarget.url }),
    createDatabase({ url: cleanTarget.url }),
  ])
  core = await deployCore(node.url)
})
afterAll(async () => {
  child?.kill('SIGKILL')
  await proxy?.stop()
  await Promise.all([trialDb?.close(), cleanDb?.close()])
  await Promise.all([trialTarget?.drop(), cleanTarget?.drop(), node?.stop()])
})

test(`randomized trial (${runs} run(s) of ${actions} actions per finality: ${finalities.join(', ')}): reorgs at any depth, kills, faulty RPC; identical to a clean index`, async () => {
  for (const finality of finalities) {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: actions, maxLength: actions }), (schedule) =>
        run(finality, schedule),
      ),
      {
        numRuns: runs,
        endOnFailure: true,
        ...(process.env.TRIAL_SEED && { seed: Number(process.env.TRIAL_SEED) }),
      },
    )
  }
  console.info(`trial: ${JSON.stringify({ ...counts, faults })}`)
  expect(counts.reorgs).toBeGreaterThan(counts.runs)
  expect(counts.kills).toBeGreaterThan(counts.runs)
}, 900_000)
