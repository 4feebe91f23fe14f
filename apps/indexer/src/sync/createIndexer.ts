import type { Database, PoolClient } from '@nexus/db'
import type { FastifyBaseLogger } from 'fastify'
import { numberToHex, type Hex } from 'viem'
import { createLogDecoder, type DecodedLog } from '../handlers/decodeLogs.ts'
import { RetryableError } from '../internal/errors.ts'
import type { IndexerMetrics } from '../internal/metrics.ts'
import { deferIndexes, restoreIndexes } from '../store/deferIndexes.ts'
import type { Checkpoint } from '../store/getCheckpoint.ts'
import { forgetStaging } from '../store/copyRows.ts'
import { commitStep } from '../store/commitStep.ts'
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
  /** Wait between polls of the head once caught up, in ms (default 100). */
  pollInterval?: number
  /** First eth_getLogs range in blocks (default 100); it then adapts to about `targetLogs` logs a range. */
  initialRange?: number
  /** Logs per range the adaptive range aims at (default 10,000). */
  targetLogs?: number
  /** Bulk rows through COPY (default: on PostgreSQL) instead of `unnest` arrays. */
  copy?: boolean
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
/** Errors of nodes asked for a block they do not have (any more): a reorg shortened the chain meanwhile. */
const missingBlock = /BlockNotFound|cannot be found|not found|unknown block|header not found/i
const isMissingBlock = (error: unknown) => missingBlock.test(errorText(error))
const errorText = (error: unknown): string =>
  error instanceof Error
    ? `${(error as { details?: string }).details ?? ''} ${error.name} ${error.message} ${errorText(error.cause)}`
    : ''

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
  const pollInterval = parameters.pollInterval ?? 100
  const keepBlocks = BigInt(parameters.keepBlocks ?? 1_000)
  const deferIndexesAbove = parameters.deferIndexesAbove ?? 10_000
  const progressInterval = parameters.progressInterval ?? 5_000
  // COPY for bulk rows on PostgreSQL; embedded PGlite takes the `unnest` statements.
  const copy = parameters.copy ?? db.kind === 'postgres'
  const decodeLogs = createLogDecoder(sources)
  const addresses = sources.map((s) => s.address)
  const startBlock = sources.reduce<bigint | null>(
    (min, s) => (min === null || s.startBlock < min ? s.startBlock : min),
    null,
  )

  /** Logs per range the adaptive range aims at: big enough to amortise a range's round trips, small enough to pipeline. */
  const targetLogs = parameters.targetLogs ?? 10_000
  let range = BigInt(parameters.initialRange ?? 100)
  if (range > maxRange) range = maxRange
  let running = false
  let loop: Promise<void> | undefined
  let wake: (() => void) | undefined

  // @dev In-memory state of the single writer (it holds the advisory lock, nobody else moves the checkpoint):
  // the checkpoint (undefined: read it from the database), the latest head seen, and the next range fetched
  // while the current one is written. Any failed step forgets all three.
  let checkpoint: Checkpoint | null | undefined
  let knownHead = -1n
  let prefetch: { from: bigint; promise: Promise<Read> } | undefined

  type Fetched = {
    from: bigint
    to: bigint
    toHeader: BlockHeader
    logs: RpcLog[]
    decoded: DecodedLog[]
  }
  /**
   * What reading a range can find besides its logs: the block it should build on is no longer canonical
   * (`reorg`), or the chain moved while the range was read, so its logs cannot be trusted (`unstable`: read again).
   */
  type Read = Fetched | 'reorg' | 'unstable'

  const getHeader = (blockNumber: bigint) =>
    rpc.call('eth_getBlockByNumber', async (client) => toHeader(await client.getBlock({ blockNumber })), {
      isFinal: isMissingBlock,
    })
  const getLatest = () =>
    rpc.call('eth_getBlockByNumber', async (client) => toHeader(await client.getBlock({ blockTag: 'latest' })))

  const assertLogs = (logs: unknown): RpcLog[] => {
    // A malformed answer (no result, not a list, logs without their block) is a failed call, never "no logs".
    if (!Array.isArray(logs) || logs.some((log: Partial<RpcLog>) => !log?.blockHash || !log.topics)) {
      throw new RetryableError('eth_getLogs returned a malformed result')
    }
    return logs as RpcLog[]
  }

  /**
   * Logs of a range of block numbers.
   * @dev Nodes answer a range that reaches above their head with the logs up to it and no error (Hardhat, and a
   * node behind a load balancer that lags its peers): a caller must prove that the chain did not move.
   */
  async function getLogs(fromBlock: bigint, toBlock: bigint): Promise<RpcLog[]> {
    if (!addresses.length) return []
    return await rpc.call(
      'eth_getLogs',
      async (client) =>
        assertLogs(
          await client.request({
            method: 'eth_getLogs',
            params: [{ address: addresses, fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock) }],
          }),
        ),
      { retries: 2, isFinal: (error) => rangeTooLarge.test(errorText(error)) },
    )
  }

  /** Logs of one block by its hash (EIP-234): exact, a node that does not have that block refuses it. */
  async function getBlockLogs(blockHash: Hex): Promise<RpcLog[]> {
    if (!addresses.length) return []
    return await rpc.call(
      'eth_getLogs',
      async (client) =>
        assertLogs(await client.request({ method: 'eth_getLogs', params: [{ address: addresses, blockHash }] })),
      { retries: 2, isFinal: isMissingBlock },
    )
  }

  /**
   * Reads the range [from, to] on top of `parent` (the checkpoint it will extend; null: the first range) and
   * proves that its logs are those of one chain that extends `parent`:
   * - one block: its header names `parent` as its parent, and its logs are asked for by its hash;
   * - a range: the headers of `parent` and `to` are read before the logs and again after them, and must not have
   *   changed (a node that was reorganised while it answered, or that answered from a shorter chain, fails it).
   * `latest` is the head just read, used as the header of `to` when it is that block.
   */
  async function fetchRange(from: bigint, to: bigint, parent: Checkpoint | null, latest?: BlockHeader): Promise<Read> {
    try {
      const single = from === to
      const [before, parentBefore] = await Promise.all([
        latest?.number === to ? latest : getHeader(to),
        parent && !single ? getHeader(parent.blockNumber) : null,
      ])
      if (parent && (single ? before.parentHash : parentBefore?.hash) !== parent.blockHash) return 'reorg'
      let logs: RpcLog[]
      if (single) {
        logs = await getBlockLogs(before.hash)
      } else {
        logs = await getLogs(from, to)
        const [after, parentAfter] = await Promise.all([getHeader(to), parent ? getHeader(parent.blockNumber) : null])
        if (after.hash !== before.hash || (parent && parentAfter?.hash !== parent.blockHash)) return 'unstable'
      }
      const outside = (log: RpcLog) => {
        const number = BigInt(log.blockNumber)
        return log.removed || number < from || number > to || (number === to && log.blockHash !== before.hash)
      }
      if (logs.some(outside)) return 'unstable'
      const started = performance.now()
      const decoded = decodeLogs(logs, () => before.timestamp)
      metrics.phaseSeconds.inc({ phase: 'decode' }, (performance.now() - started) / 1000)
      return { from, to, toHeader: before, logs, decoded }
    } catch (error) {
      // A block that vanished while the range was read (the chain got shorter): read it again.
      if (isMissingBlock(error)) return 'unstable'
      throw error
    }
  }

  async function readCheckpoint(): Promise<Checkpoint | null> {
    const { rows } = await db.pool.query<{ block_number: string; block_hash: string }>(
      'SELECT block_number, block_hash FROM chain_checkpoint WHERE chain_id = $1',
      [chainId],
    )
    const row = rows[0]
    return row ? { blockNumber: BigInt(row.block_number), blockHash: row.block_hash } : null
  }

  /** Finds the newest stored block that is still canonical; null when none is. */
  async function findCommonAncestor(head: bigint): Promise<BlockHeader | null> {
    const { rows } = await db.pool.query<{ number: string; hash: Hex }>(
      'SELECT number, hash FROM chain_block WHERE chain_id = $1 AND number <= $2 ORDER BY number DESC',
      [chainId, head.toString()],
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
      // @dev synchronous_commit off: a PostgreSQL crash may lose the last committed ranges, but rows and checkpoint
      // together (one transaction), so the indexer simply reads those blocks again. It never half-writes a range.
      await client.query(db.kind === 'pglite' ? 'BEGIN' : 'BEGIN; SET LOCAL synchronous_commit = off')
      await run(client)
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      forgetStaging(client)
      throw error
    } finally {
      client.release()
    }
  }

  /**
   * A reorg: finds the newest stored block that is still canonical, reads the canonical range on top of it, and
   * commits the rollback, that range and the new checkpoint as one step. Should the chain move again meanwhile,
   * nothing is written and the next step starts over.
   */
  async function reorg(): Promise<SyncEvent> {
    prefetch = undefined
    const expected = checkpoint ?? null
    const latest = await getLatest()
    knownHead = latest.number
    const ancestor = await findCommonAncestor(latest.number)
    const base = ancestor ? { blockNumber: ancestor.number, blockHash: ancestor.hash } : null
    const from = ancestor ? ancestor.number + 1n : (startBlock ?? 0n)
    let read: Read | null = null
    if (from <= latest.number) {
      const to = from + range - 1n < latest.number ? from + range - 1n : latest.number
      try {
        read = await fetchRange(from, to, base, latest)
      } catch (error) {
        return refused(error, from)
      }
      if (read === 'reorg' || read === 'unstable') return nothing(from)
    }
    const fetched = read
    await transaction((client) =>
      commitStep(
        client,
        chainId,
        {
          expected,
          rollbackTo: ancestor,
          range: fetched ? { logs: fetched.decoded, to: fetched.toHeader } : undefined,
        },
        { keepBlocks, copy },
      ),
    )
    checkpoint = fetched ? { blockNumber: fetched.to, blockHash: fetched.toHeader.hash } : base
    metrics.reorgs.inc()
    if (fetched) metrics.events.inc(fetched.decoded.length)
    const event = {
      type: 'reorg',
      commonAncestor: ancestor?.number ?? -1n,
      orphanedFrom: (ancestor?.number ?? -1n) + 1n,
    } as const
    logger.warn({
      msg: 'reorg: rolled back orphaned blocks and read the canonical ones',
      chainId,
      ...event,
      commonAncestor: String(event.commonAncestor),
      orphanedFrom: String(event.orphanedFrom),
      canonicalTo: fetched ? String(fetched.to) : undefined,
    })
    return event
  }

  const nothing = (from: bigint): SyncEvent => ({ type: 'range', fromBlock: from, toBlock: from - 1n, events: 0 })

  /** A node refusing a range as too large halves the range; anything else is thrown. */
  function refused(error: unknown, from: bigint): SyncEvent {
    const message = errorText(error)
    if (range > 1n && rangeTooLarge.test(message)) {
      range = range / 2n
      logger.info({
        msg: 'eth_getLogs range refused: shrinking',
        chainId,
        range: String(range),
        reason: message.slice(0, 300),
      })
      return nothing(from)
    }
    throw error
  }

  /** One step: reorg check, then the next range (or nothing when caught up). */
  async function step(): Promise<SyncEvent> {
    try {
      return await stepOnce()
    } catch (error) {
      checkpoint = undefined
      prefetch = undefined
      throw error
    }
  }

  async function stepOnce(): Promise<SyncEvent> {
    const stepStarted = performance.now()
    if (checkpoint === undefined) checkpoint = await readCheckpoint()
    const from = checkpoint ? checkpoint.blockNumber + 1n : (startBlock ?? 0n)
    const ahead = prefetch?.from === from ? prefetch : undefined
    prefetch = undefined
    let read: Read
    if (ahead) {
      // Catching up: the range was read while the previous one was written, on top of that one's last header.
      try {
        read = await ahead.promise
      } catch (error) {
        return refused(error, from)
      }
      metrics.phaseSeconds.inc({ phase: 'fetch' }, (performance.now() - stepStarted) / 1000)
    } else {
      const latest = await getLatest()
      knownHead = latest.number
      metrics.phaseSeconds.inc({ phase: 'head' }, (performance.now() - stepStarted) / 1000)
      if (checkpoint) {
        if (latest.hash === checkpoint.blockHash) return { type: 'idle', head: latest.number }
        // The head is at or below the checkpoint but is another block: the blocks we stopped at are gone.
        if (latest.number <= checkpoint.blockNumber) return await reorg()
      }
      if (from > latest.number) return { type: 'idle', head: latest.number }
      const to = from + range - 1n < latest.number ? from + range - 1n : latest.number
      const fetchStarted = performance.now()
      try {
        read = await fetchRange(from, to, checkpoint, latest)
      } catch (error) {
        return refused(error, from)
      }
      metrics.phaseSeconds.inc({ phase: 'fetch' }, (performance.now() - fetchStarted) / 1000)
    }
    if (read === 'reorg') return await reorg()
    if (read === 'unstable') return nothing(from)

    const { to, toHeader, logs, decoded } = read
    // Adapt the range to the density seen: about `targetLogs` logs a range (growing at most 4x a step, and never
    // above maxRange, a node's cap).
    const blocks = Number(to - from + 1n)
    const fit = Math.floor((blocks * targetLogs) / Math.max(logs.length, 1))
    const next = BigInt(Math.max(1, Math.min(fit, blocks * 4)))
    range = next > maxRange ? maxRange : next
    // Pipelining: while this range is written, the next one is read on top of its last header.
    if (to < knownHead) {
      const nextFrom = to + 1n
      const nextTo = nextFrom + range - 1n < knownHead ? nextFrom + range - 1n : knownHead
      const promise = fetchRange(nextFrom, nextTo, { blockNumber: to, blockHash: toHeader.hash })
      promise.catch(() => undefined) // consumed (or dropped) by the next step
      prefetch = { from: nextFrom, promise }
    }
    const writeStarted = performance.now()
    const expected = checkpoint
    await transaction((client) =>
      commitStep(client, chainId, { expected, range: { logs: decoded, to: toHeader } }, { keepBlocks, copy }),
    )
    checkpoint = { blockNumber: to, blockHash: toHeader.hash }
    metrics.phaseSeconds.inc({ phase: 'write' }, (performance.now() - writeStarted) / 1000)
    metrics.events.inc(decoded.length)
    const head = knownHead > to ? knownHead : to
    progress.record(from, to, head, decoded.length)
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
    const checkpoint = await readCheckpoint()
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
