// Write-path micro-benchmark (no chain): the same LogAdded logs written by writeRange vs PostgreSQL's raw COPY
// of the raw rows, in one run. `node --conditions=@nexus/source bench/writeBench.ts` (WRITE_BENCH_EVENTS=100000;
// WRITE_BENCH_BEFORE=<commit> adds that commit's writeRange, extracted under .data/bench-before/; WRITE_BENCH_ROUNDS=2).
import { once } from 'node:events'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { logAbi } from '@nexus/abi'
import { createDatabase, type PoolClient } from '@nexus/db'
import { createTestDatabase } from '@nexus/db/testing'
import { encodeAbiParameters, encodeEventTopics, type AbiEvent, type Address, type Hex } from 'viem'
import { createLogDecoder } from '../src/handlers/decodeLogs.ts'
import { deferIndexes, restoreIndexes } from '../src/store/deferIndexes.ts'
import { from as copyFrom } from 'pg-copy-streams'
import { writeRange } from '../src/store/writeRange.ts'
import type { RpcLog } from '../src/sync/types.ts'
import { importAtCommit, repoRoot } from './lib.ts'

const total = Number(process.env.WRITE_BENCH_EVENTS ?? 100_000)
const perRange = 10_000
const { startPostgres } = (await import(pathToFileURL(join(repoRoot, 'scripts', 'lib', 'pg.mjs')).href)) as {
  startPostgres: () => Promise<{ url: string; stop: () => void }>
}
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const logAddress = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address
const event = logAbi.find((item) => item.type === 'event' && item.name === 'LogAdded') as AbiEvent
const inputsOf = (indexed: boolean) => event.inputs.filter((input) => Boolean(input.indexed) === indexed)
const account = (i: number) => `0x${(i % 1000).toString(16).padStart(40, '0')}` as Address

// Real encodings of LogAdded, 100 a block, as eth_getLogs returns them.
const values = (i: number): Record<string, unknown> => ({
  index: BigInt(i + 1),
  owner: account(i),
  from: account(i + 7),
  writer: logAddress,
  userIndex: BigInt(i),
  symbol: 'USDT',
  action: 'burn',
  isReduce: i % 2 === 0,
  isReward: i % 5 === 0,
  amount: BigInt(i) * 10n ** 18n,
  balance: BigInt(i) * 10n ** 19n,
  startTime: 1_700_000_000n + BigInt(i),
})
const rpcLogs: RpcLog[] = []
for (let i = 0; i < total; i++) {
  const v = values(i)
  const block = Math.floor(i / 100) + 1
  rpcLogs.push({
    address: logAddress,
    topics: encodeEventTopics({
      abi: [event],
      eventName: event.name,
      args: Object.fromEntries(inputsOf(true).map((input) => [input.name, v[input.name as string]])),
    } as never) as Hex[],
    data: encodeAbiParameters(
      inputsOf(false),
      inputsOf(false).map((input) => v[input.name as string]),
    ),
    blockNumber: `0x${block.toString(16)}`,
    blockHash: `0x${block.toString(16).padStart(64, '0')}`,
    blockTimestamp: `0x${(1_700_000_000 + block).toString(16)}`,
    transactionHash: `0x${(i + 1).toString(16).padStart(64, 'f')}`,
    transactionIndex: '0x0',
    logIndex: `0x${(i % 100).toString(16)}`,
  })
}
const decode = createLogDecoder([{ name: 'Log', kind: 'Log', abi: logAbi, address: logAddress, startBlock: 0n }])

const pg = await startPostgres()
// Whatever happens (a failed step throws), the cluster ends with the process.
process.once('exit', () => pg.stop())
async function run(name: string, write: (client: PoolClient, from: number) => Promise<void>) {
  const target = await createTestDatabase(pg.url, 'writebench')
  const db = await createDatabase({ url: target.url })
  const client = await db.pool.connect()
  const timings = new Map<string, number>()
  if (process.env.WRITE_BENCH_TRACE) {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    ;(client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : 'COPY stream'
      const key = text.replace(/\s+/g, ' ').slice(0, 70)
      const t0 = performance.now()
      const result = query(...args) as Promise<unknown> & { on?: unknown }
      if (typeof (result as { then?: unknown }).then === 'function')
        void result.then(
          () => timings.set(key, (timings.get(key) ?? 0) + performance.now() - t0),
          () => undefined,
        )
      return result
    }
  }
  const started = performance.now()
  await deferIndexes(client)
  for (let from = 0; from < total; from += perRange) {
    await client.query('BEGIN; SET LOCAL synchronous_commit = off')
    await write(client, from)
    await client.query('COMMIT')
  }
  await restoreIndexes(client)
  const seconds = (performance.now() - started) / 1000
  client.release()
  await db.close()
  await target.drop()
  for (const [key, ms] of [...timings].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`  ${ms.toFixed(0).padStart(6)} ms ${key}`)
  return { name, rate: total / seconds }
}

const results = []
const header = (n: number) => ({
  number: BigInt(n),
  hash: `0x${n.toString(16).padStart(64, '1')}` as Hex,
  parentHash: `0x${'2'.repeat(64)}` as Hex,
  timestamp: 1n,
})
// Baseline: COPY of the raw logs alone (13 columns, the same bytes eth_getLogs returned) into an indexless table.
results.push(
  await run('raw COPY of the logs (baseline)', async (client, from) => {
    await client.query(
      'CREATE TABLE IF NOT EXISTS raw_copy (block_hash text, log_index int, block_number bigint, topics text, data text)',
    )
    const stream = client.query(copyFrom('COPY raw_copy FROM STDIN'))
    let chunk = ''
    for (const l of rpcLogs.slice(from, from + perRange)) {
      chunk += `${l.blockHash}\t${Number(l.logIndex)}\t${Number(l.blockNumber)}\t${l.topics.join(',')}\t${l.data}\n`
    }
    stream.end(chunk)
    await once(stream, 'finish')
  }),
)
type WriteRange = typeof writeRange
/** writeRange of another commit (its apps/indexer/src, extracted under .data/bench-before/). */
async function writeRangeOf(commit: string): Promise<WriteRange> {
  return (await importAtCommit<{ writeRange: WriteRange }>(commit, 'store/writeRange.ts')).writeRange
}
const beforeCommit = process.env.WRITE_BENCH_BEFORE
const variants: [string, WriteRange, boolean][] = [
  ...(beforeCommit
    ? [
        [`writeRange of ${beforeCommit} (before)`, await writeRangeOf(beforeCommit), true] as [
          string,
          WriteRange,
          boolean,
        ],
      ]
    : []),
  ['writeRange, COPY through staging tables', writeRange, false],
  ['writeRange, COPY straight into the tables (after)', writeRange, true],
]
// Alternated, twice each: the machine is shared, so neighbours' load moves every figure.
for (let round = 0; round < Number(process.env.WRITE_BENCH_ROUNDS ?? 2); round++) {
  for (const [name, write, direct] of variants) {
    results.push(
      await run(name, async (client, from) => {
        const logs = decode(rpcLogs.slice(from, from + perRange), () => 1n)
        const last = logs.at(-1)
        await write(client, 31337, logs, header(Number(last?.blockNumber ?? 0)), { copy: true, direct })
      }),
    )
  }
}
const baseline = results[0]?.rate ?? 1
for (const r of results)
  console.log(`${r.name}: ${fmt(r.rate)} events/s (ratio to raw COPY ${(r.rate / baseline).toFixed(3)})`)
pg.stop()
process.exit(0)
