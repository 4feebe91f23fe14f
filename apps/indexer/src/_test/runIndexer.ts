// A bare indexer process for the crash-safety tests: indexes the sources in SOURCES (JSON) from RPC_URL into
// DATABASE_URL with small ranges (MAX_RANGE) and prints "indexing" once it holds the writer lock. The test kills
// it. RPC_TIMEOUT (ms), KEEP_BLOCKS (headers kept for reorg detection) and CONFIRMATIONS are optional.
import { abiOf } from '../handlers/resolveSources.ts'
import { createDatabase } from '@nexus/db'
import { createMetrics } from '../internal/metrics.ts'
import { createIndexer } from '../sync/createIndexer.ts'
import { createRpc } from '../sync/createRpc.ts'
import type { Source } from '../sync/types.ts'

const env = process.env as Record<string, string>
const raw = JSON.parse(env.SOURCES ?? '[]') as { name: string; address: `0x${string}`; startBlock: string }[]
const sources: Source[] = raw.map((s) => {
  const resolved = abiOf(s.name)
  if (!resolved) throw new Error(`no ABI for ${s.name}`)
  return { ...s, ...resolved, startBlock: BigInt(s.startBlock) }
})
const db = await createDatabase({ url: env.DATABASE_URL, migrate: false })
const metrics = createMetrics()
const quiet = () => undefined
const indexer = createIndexer({
  db,
  rpc: createRpc({
    url: env.RPC_URL ?? 'http://127.0.0.1:8545',
    metrics,
    ...(env.RPC_TIMEOUT && { timeout: Number(env.RPC_TIMEOUT), backoff: 20 }),
  }),
  chainId: 31337,
  sources,
  metrics,
  logger: {
    info: (entry: unknown) => {
      if ((entry as { msg?: string }).msg === 'indexing') process.stdout.write('indexing\n')
    },
    warn: quiet,
    error: (entry: unknown) => process.stderr.write(`${JSON.stringify(entry)}\n`),
    debug: quiet,
  },
  maxRange: Number(env.MAX_RANGE ?? 5),
  pollInterval: 50,
  deferIndexesAbove: 0,
  ...(env.KEEP_BLOCKS && { keepBlocks: Number(env.KEEP_BLOCKS) }),
  ...(env.CONFIRMATIONS && { confirmations: Number(env.CONFIRMATIONS) }),
})
indexer.start()
