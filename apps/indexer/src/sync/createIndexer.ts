import type { Database, PoolClient } from '@nexus/db'
import type { FastifyBaseLogger } from 'fastify'
import { numberToHex, type Hex } from 'viem'
import { createLogDecoder } from '../handlers/decodeLogs.ts'
import { RetryableError } from '../internal/errors.ts'
import type { IndexerMetrics } from '../internal/metrics.ts'
import { deferIndexes, restoreIndexes } from '../store/deferIndexes.ts'
import { getCheckpoint } from '../store/getCheckpoint.ts'
import { rollbackTo, writeRange } from '../store/writeRange.ts'
import type { Rpc } from './createRpc.ts'
import type { BlockHeader, RpcLog, Source, SyncEvent } from './types.ts'

export type CreateIndexerParameters = {
  db: Pick<Database, 'pool' | 'prisma' | 'kind'>
  rpc: Rpc
  chainId: number
  /** Contracts to index; none means the indexer only follows the head. */
  sources: readonly Source[]
  metrics: IndexerMetrics
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>
  /** Largest eth_getLogs range in blocks (default 5,000: BSC nodes' cap). */
  maxRange?: number
  /** Wait between polls once caught up, in ms (default 500). */
  pollInterval?: number
  /** Recent block headers kept for reorg detection (default 1,000). */
  keepBlocks?: number
  /**
   * A catch-up of more blocks than this drops the bulk tables' secondary indexes and rebuilds them when it is
   * done (default 10,000; Infinity: never).
   */
  deferIndexesAbove?: number
  /** Milliseconds between progress lines while catching up (default 5,000). */
  progressInterval?: number
}

/** @dev Advisory lock key of the single writer per chain: a constant namespace plus the chain id. */
const lockKey = (chainId: number) => [0x6e78, chainId] as const

/** Errors of nodes refusing a range as too large (Geth, Erigon, BSC, Alchemy, Infura, Hardhat...). */
const rangeTooLarge = /range|limit|too many|too large|exceed|10000|response size|query returned more/i

const toHeader = (block: {
  number: bigint | null
  hash: Hex | null
  parentHash: Hex
  timestamp: bigint
}): BlockHeader => {
  if (block.number === null || block.hash === null) throw new Error('pending block has no number or hash')
  return { number: block.number, hash: block.hash, parentHash: block.parentHash, timestamp: block.timestamp }
}

/**
 * The ingestion loop: reads logs in adaptive ranges, writes each range and its checkpoint in one transaction,
 * follows the head, and rolls back orphaned blocks on a reorg. One writer per chain (advisory lock); a second
 * instance waits for the lock.
 */
export function createIndexer(parameters: CreateIndexerParameters) {
  const { db, rpc, chainId, sources, metrics, logger } = parameters
  const maxRange = BigInt(parameters.maxRange ?? 5_000)
  const pollInterval = parameters.pollInterval ?? 500
  const keepBlocks = BigInt(parameters.keepBlocks ?? 1_000)
  const deferIndexesAbove = parameters.deferIndexesAbove ?? 10_000
  const progressInterval = parameters.progressInterval ?? 5_000
  const decodeLogs = createLogDecoder(sources)
  const addresses = sources.map((s) => s.address)
  const startBlock = sources.reduce<bigint | null>(
    (min, s) => (min === null || s.startBlock < min ? s.startBlock : min),
    null,
  )

  let range = maxRange
  let running = false
  let loop: Promise<void> | undefined
  let wake: (() => void) | undefined

  const getHeader = (blockNumber: bigint) =>
    rpc.call('eth_getBlockByNumber', async (client) => toHeader(await client.getBlock({ blockNumber })))

  async function getLogs(fromBlock: bigint, toBlock: bigint): Promise<RpcLog[]> {
    if (!addresses.length) return []
    return await rpc.call(
      'eth_getLogs',
      async (client) => {
        const logs = (await client.request({
          method: 'eth_getLogs',
          params: [{ address: addresses, fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock) }],
        })) as unknown
        // A malformed answer (no result, not a list, logs without their block) is a failed call, never "no logs".
        if (!Array.isArray(logs) || logs.some((log: Partial<RpcLog>) => !log?.blockHash || !log.topics)) {
          throw new RetryableError('eth_getLogs returned a malformed result')
        }
        return logs as RpcLog[]
      },
      { retries: 2 },
    )
  }

  /** Finds the newest stored block that is still canonical; null when none is. */
  async function findCommonAncestor(): Promise<BlockHeader | null> {
    const { rows } = await db.pool.query<{ number: string; hash: Hex; parent_hash: Hex; timestamp: string }>(
      'SELECT number, hash, parent_hash, timestamp FROM chain_block WHERE chain_id = $1 ORDER BY number DESC',
      [chainId],
    )
    for (const row of rows) {
      const canonical = await getHeader(BigInt(row.number))
      if (canonical.hash === row.hash) return canonical
    }
    return null
  }

  async function transaction(run: (client: PoolClient) => Promise<void>) {
    const client = await db.pool.connect()
    try {
      await client.query('BEGIN')
      await run(client)
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
  }

  /** One step: reorg check, then the next range (or nothing when caught up). */
  async function step(): Promise<SyncEvent> {
    const head = await rpc.call('eth_blockNumber', (client) => client.getBlockNumber({ cacheTime: 0 }))
    const checkpoint = await getCheckpoint(db.prisma, chainId)

    if (checkpoint) {
      // Reorg detection: the block we stopped at must still be canonical (its hash unchanged).
      const current = checkpoint.blockNumber <= head ? await getHeader(checkpoint.blockNumber) : null
      if (!current || current.hash !== checkpoint.blockHash) {
        const ancestor = await findCommonAncestor()
        await transaction((client) => rollbackTo(client, chainId, ancestor))
        metrics.reorgs.inc()
        const event = {
          type: 'reorg',
          commonAncestor: ancestor?.number ?? -1n,
          orphanedFrom: (ancestor?.number ?? -1n) + 1n,
        } as const
        logger.warn({
          msg: 'reorg: rolled back orphaned blocks',
          chainId,
          ...event,
          commonAncestor: String(event.commonAncestor),
        })
        return event
      }
    }

    const from = checkpoint ? checkpoint.blockNumber + 1n : (startBlock ?? head)
    if (from > head) return { type: 'idle', head }
    const to = from + range - 1n < head ? from + range - 1n : head

    // The header of the range's last block first: logs of a fork newer than it are caught by the next reorg check.
    const toHeader = await getHeader(to)
    let logs: RpcLog[]
    try {
      logs = await getLogs(from, to)
    } catch (error) {
      const message =
        String((error as { details?: string }).details ?? (error as Error).message) +
        String((error as Error).cause ?? '')
      if (range > 1n && rangeTooLarge.test(message)) {
        range = range / 2n
        logger.info({ msg: 'eth_getLogs range refused: shrinking', chainId, range: String(range) })
        return { type: 'range', fromBlock: from, toBlock: from - 1n, events: 0 }
      }
      throw error
    }
    if (logs.some((log) => log.removed || (BigInt(log.blockNumber) === to && log.blockHash !== toHeader.hash))) {
      // The node answered from another fork than the header: try the range again.
      return { type: 'range', fromBlock: from, toBlock: from - 1n, events: 0 }
    }
    const decoded = decodeLogs(logs, () => toHeader.timestamp)
    await transaction(async (client) => {
      await writeRange(client, chainId, decoded, toHeader)
      await client.query('DELETE FROM chain_block WHERE chain_id = $1 AND number < $2', [
        chainId,
        (to - keepBlocks).toString(),
      ])
    })
    metrics.events.inc(decoded.length)
    progress.record(from, to, head, decoded.length)
    // Grow the range again while answers stay small (a node's cap is usually on results, not blocks).
    if (logs.length < 5_000 && range < maxRange) range = range * 2n > maxRange ? maxRange : range * 2n
    return { type: 'range', fromBlock: from, toBlock: to, events: decoded.length }
  }

  /** Catch-up progress: blocks done of total, events per second, time left (log lines and gauges). */
  const progress = (() => {
    let startedAt = 0
    let firstBlock = 0n
    let events = 0
    let lastLog = 0
    return {
      record(from: bigint, to: bigint, head: bigint, count: number) {
        const now = Date.now()
        if (!startedAt) {
          startedAt = now
          firstBlock = from
          lastLog = now
          events = 0
        }
        events += count
        const total = Number(head - firstBlock + 1n)
        const done = Number(to - firstBlock + 1n)
        const seconds = Math.max((now - startedAt) / 1000, 0.001)
        const eventsPerSecond = events / seconds
        const blocksPerSecond = done / seconds
        const left = head > to ? Number(head - to) / Math.max(blocksPerSecond, 1e-9) : 0
        metrics.syncProgress.set(total > 0 ? Math.min(done / total, 1) : 1)
        metrics.eventsPerSecond.set(eventsPerSecond)
        metrics.etaSeconds.set(left)
        // Progress lines while catching up; in real time (one block a range) only the periodic one.
        if ((head <= to && done > 1) || now - lastLog >= progressInterval) {
          lastLog = now
          logger.info({
            msg: head <= to ? 'caught up' : 'catching up',
            chainId,
            blocks: `${done}/${total}`,
            percent: Number(((100 * done) / Math.max(total, 1)).toFixed(1)),
            eventsPerSecond: Math.round(eventsPerSecond),
            eta: `${Math.round(left)} s`,
          })
        }
        if (head <= to) startedAt = 0
      },
    }
  })()

  /** Drops secondary indexes before a long catch-up (see deferIndexesAbove). */
  async function maybeDeferIndexes() {
    const head = await rpc.call('eth_blockNumber', (client) => client.getBlockNumber({ cacheTime: 0 }))
    const checkpoint = await getCheckpoint(db.prisma, chainId)
    const from = checkpoint ? checkpoint.blockNumber + 1n : (startBlock ?? head)
    if (Number(head - from) <= deferIndexesAbove) return
    const client = await db.pool.connect()
    try {
      const dropped = await deferIndexes(client)
      if (dropped.length)
        logger.info({ msg: 'secondary indexes deferred until caught up', chainId, indexes: dropped.length })
    } finally {
      client.release()
    }
  }

  /** Rebuilds deferred indexes (after a catch-up, or left over by a crash during one). */
  async function restoreDeferredIndexes() {
    const client = await db.pool.connect()
    try {
      const started = Date.now()
      const rebuilt = await restoreIndexes(client)
      if (rebuilt.length) {
        logger.info({ msg: 'secondary indexes built', chainId, indexes: rebuilt.length, ms: Date.now() - started })
      }
    } finally {
      client.release()
    }
  }

  async function acquireLock(): Promise<PoolClient | 'embedded' | null> {
    // @dev PGlite is one process's embedded database (its directory admits one process) and one session, so an
    // advisory lock would exclude nothing, and holding a connection would starve its one-connection pool.
    if (db.kind === 'pglite') return 'embedded'
    const client = await db.pool.connect()
    const [a, b] = lockKey(chainId)
    for (let logged = false; running;) {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [a, b])
      if (rows[0]?.ok) return client
      if (!logged) logger.warn({ msg: 'another indexer writes this chain; waiting for its lock', chainId })
      logged = true
      await sleep(2_000)
    }
    client.release()
    return null
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }

  async function run() {
    const lock = await acquireLock()
    if (!lock) return
    try {
      logger.info({ msg: 'indexing', chainId, contracts: sources.map((s) => s.name) })
      let indexesDeferred = false
      while (running && !indexesDeferred) {
        try {
          await maybeDeferIndexes()
          indexesDeferred = true
        } catch (error) {
          logger.error({ msg: 'could not prepare the catch-up; retrying', chainId, err: error })
          await sleep(1_000)
        }
      }
      let indexesBuilt = false
      while (running) {
        try {
          const event = await step()
          if (event.type === 'idle' && !indexesBuilt) {
            await restoreDeferredIndexes()
            indexesBuilt = true
          }
          if (event.type === 'idle') await sleep(pollInterval)
          else if (event.type === 'range' && event.events) {
            logger.debug({
              msg: 'range written',
              chainId,
              from: String(event.fromBlock),
              to: String(event.toBlock),
              events: event.events,
            })
          }
        } catch (error) {
          logger.error({ msg: 'sync step failed; retrying', chainId, err: error })
          await sleep(1_000)
        }
      }
    } finally {
      if (lock !== 'embedded') {
        const [a, b] = lockKey(chainId)
        await lock.query('SELECT pg_advisory_unlock($1, $2)', [a, b]).catch(() => undefined)
        lock.release()
      }
    }
  }

  return {
    /** Runs one step (tests drive the loop by hand with it). */
    step,
    start() {
      if (running) return
      running = true
      loop = run()
    },
    /** Stops after the current step (a range is written completely or not at all). */
    async stop() {
      running = false
      wake?.()
      await loop
    },
  }
}
