import { hostname } from 'node:os'
import {
  assertLease,
  type Database,
  type HeldLease,
  holdLease,
  LeaseLostError,
  type LeaseOptions,
  leaseOwnerId,
  type PoolClient,
  takeLease,
} from '@nexus/db'
import type { FastifyBaseLogger } from 'fastify'
import type { IndexerMetrics } from '../internal/metrics.ts'
import { readCheckpoint, type Checkpoint } from '../store/checkpoint.ts'
import { deferIndexes, restoreIndexes } from '../store/deferIndexes.ts'
import type { Rpc } from './createRpc.ts'
import { createChainReader, isMissingBlock, type Read } from './readChain.ts'
import { settledBlock } from './finality.ts'
import { createHistoricalSync, nothing, type Anchor, type Outcome, type Stepped } from './syncHistorical.ts'
import { createRealtimeSync } from './syncRealtime.ts'
import type { BlockHeader, Source, SyncEvent } from './types.ts'

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
  /** eth_getLogs requests in flight while catching up (default 4). */
  inFlight?: number
  /**
   * Blocks on top of a block before the catch-up reads it, where the node offers no `finalized` block below its
   * head (default 0); the blocks above are read one by one by the head-following.
   */
  confirmations?: number
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
  /**
   * How long the writer's lease lasts unless renewed, in ms (renewed every third of it; default 15,000): an indexer
   * frozen or cut off from the database longer than this is taken over, and its next step is refused.
   */
  leaseTtlMs?: number
  /** This writer's id in the lease (default: host:pid:random). */
  leaseOwner?: string
}

/**
 * The ingestion loop: one writer per chain (a lease in `indexer_lease`, on PostgreSQL as on the embedded PGlite; a
 * second instance waits for it, and each step's transaction checks it) that hands each step
 * to the catch-up (`syncHistorical.ts`: ranges, pipelined) up to the settled block (the node's finalized block
 * where it offers one, else the head minus `confirmations`), and to the head-following (`syncRealtime.ts`: the
 * blocks above it one by one, and every reorg) otherwise. Each step is one commit (`store/commitStep.ts`).
 */
export function createIndexer(parameters: CreateIndexerParameters) {
  const { db, rpc, chainId, sources, metrics, logger } = parameters
  const pollInterval = parameters.pollInterval ?? 100
  const confirmations = parameters.confirmations ?? 0
  /** Whether the node answers the `finalized` tag (unknown until asked; a node that refuses it is not asked again). */
  let offersFinalized = true
  const deferIndexesAbove = parameters.deferIndexesAbove ?? 10_000
  const lease: LeaseOptions = {
    table: 'indexer_lease',
    name: String(chainId),
    owner: parameters.leaseOwner ?? leaseOwnerId(hostname()),
    ttlMs: parameters.leaseTtlMs ?? 15_000,
  }
  /** The lease while this indexer holds it (started and not lost). */
  let held: HeldLease | undefined
  /**
   * On PostgreSQL, the connection the lease is taken and renewed through, kept while it is held: the row names its
   * server process, so an indexer killed with it frees the lease at once. PGlite (one session) has no such connection.
   */
  let leaseClient: PoolClient | undefined
  const writeOptions = {
    keepBlocks: BigInt(parameters.keepBlocks ?? 1_000),
    // COPY for bulk rows on PostgreSQL; embedded PGlite takes the `unnest` statements.
    copy: parameters.copy ?? db.kind === 'postgres',
    // once started, every step's transaction first checks (and locks, FOR SHARE) this writer's lease; steps driven
    // by hand (`step()` without `start()`) write without one
    fence: async (client: PoolClient) => {
      if (!running && !held) return
      try {
        if (!held?.held()) throw new LeaseLostError(lease)
        await assertLease(client, lease)
      } catch (error) {
        if (error instanceof LeaseLostError) lockLost = true
        throw error
      }
    },
  }
  const startBlock = sources.reduce<bigint | null>(
    (min, s) => (min === null || s.startBlock < min ? s.startBlock : min),
    null,
  )
  const reader = createChainReader({ rpc, sources, metrics })
  const historical = createHistoricalSync({
    db,
    reader,
    chainId,
    metrics,
    logger,
    writeOptions,
    maxRange: BigInt(parameters.maxRange ?? 5_000),
    inFlight: parameters.inFlight ?? 4,
    initialRange: BigInt(parameters.initialRange ?? 100),
    targetLogs: parameters.targetLogs ?? 10_000,
    progressInterval: parameters.progressInterval ?? 5_000,
  })
  const realtime = createRealtimeSync({
    db,
    reader,
    chainId,
    startBlock: startBlock ?? 0n,
    metrics,
    logger,
    writeOptions,
  })
  let running = false
  let loop: Promise<void> | undefined
  let wake: (() => void) | undefined
  /**
   * The checkpoint as this writer last committed it (undefined: read it from the database). It holds the
   * advisory lock, so nobody else moves it; each commit checks it anyway. A failed step forgets it.
   */
  let checkpoint: Checkpoint | null | undefined
  /**
   * Whether the last step read below the head (a catch-up range, or a block under the head): the next one reads
   * the node's finalized block with the head, at once, rather than after it. Once following the head, only the
   * head is read.
   */
  let belowHead = true
  /**
   * The head read by a step that wrote the block under it (known by the head's parent hash), and its logs read at
   * the same time: the next step's block, written without reading the head again (a newer head is read by the
   * step after it).
   */
  let next: { header: BlockHeader; read: Promise<Read> } | undefined

  /** One step (tests drive the loop by hand with it): the hand-over between catching up and following the head. */
  async function step(): Promise<SyncEvent> {
    try {
      checkpoint ??= await readCheckpoint(db.pool, chainId)
      const outcome = await dispatch(checkpoint)
      if ('checkpoint' in outcome) checkpoint = outcome.checkpoint
      return outcome.event
    } catch (error) {
      checkpoint = undefined
      next = undefined
      historical.drop()
      throw error
    }
  }

  async function dispatch(current: Checkpoint | null): Promise<Stepped> {
    const from = current ? current.blockNumber + 1n : (startBlock ?? 0n)
    let outcome: Outcome
    const known = next
    next = undefined
    if (historical.hasAhead(from)) {
      // Catching up: the next range is already being read.
      outcome = await historical.step(current, from)
    } else if (known && known.header.number === from && known.header.parentHash === current?.blockHash) {
      // The head read by the step before, right on top of the checkpoint.
      belowHead = false
      outcome = await realtime.step(current, known.header, known.read)
    } else {
      const started = performance.now()
      const failovers = reader.failovers()
      const finalized = belowHead && offersFinalized ? reader.getFinalized() : undefined
      finalized?.then(
        (header) => {
          if (!header) offersFinalized = false
        },
        () => undefined, // awaited (and its failure thrown) where it is used
      )
      const latest = await reader.getLatest()
      metrics.phaseSeconds.inc({ phase: 'head' }, (performance.now() - started) / 1000)
      belowHead = latest.number > from
      if (current && latest.hash === current.blockHash) return { event: { type: 'idle', head: latest.number } }
      if (current && latest.number <= current.blockNumber) {
        // The head is at or below the checkpoint but another block: the blocks we stopped at are gone.
        outcome = 'reorg'
      } else if (from > latest.number) {
        return { event: { type: 'idle', head: latest.number } }
      } else if (latest.number === from) {
        outcome = await realtime.step(current, latest)
      } else {
        // The hand-over: the catch-up reads ranges up to the settled block; the blocks above it are read one by
        // one, as the head is.
        const anchor = await settled(latest, from, finalized)
        if (anchor) outcome = await historical.step(current, from, anchor, failovers)
        else if (latest.number === from + 1n) {
          // The block under the head, known by the head's parent hash: its header and logs read at once, and the
          // head's logs with them (the next step's block).
          const parent = { blockNumber: from, blockHash: latest.parentHash }
          const headRead = reader.fetchRange(latest.number, latest.number, parent, latest)
          headRead.catch(() => undefined) // awaited (and its failure thrown) by the next step
          outcome = await realtime.step(current, { number: from, hash: latest.parentHash })
          if (outcome !== 'reorg' && outcome.checkpoint?.blockHash === latest.parentHash) {
            next = { header: latest, read: headRead }
          }
        } else {
          const block = await reader.getHeader(from).catch((error: unknown) => {
            if (isMissingBlock(error)) return null // the chain got shorter meanwhile: step again
            throw error
          })
          if (!block) return { event: nothing(from) }
          outcome = await realtime.step(current, block)
        }
      }
    }
    if (outcome !== 'reorg') return outcome
    historical.drop()
    try {
      return await realtime.reorg(current, historical.range())
    } catch (error) {
      return historical.refused(error, from)
    }
  }

  /**
   * The catch-up's anchor below `latest` (see `finality.ts`); null when no block from `from` on is settled.
   * `read`: the node's finalized block, asked for with the head.
   */
  async function settled(
    latest: BlockHeader,
    from: bigint,
    read?: Promise<BlockHeader | null>,
  ): Promise<Anchor | null> {
    const finalized = offersFinalized || read ? await (read ?? reader.getFinalized()) : null
    if (!finalized) offersFinalized = false
    const { number, final } = settledBlock(latest.number, finalized?.number ?? null, confirmations)
    if (number < from) return null
    const header = final && finalized ? finalized : number === latest.number ? latest : await reader.getHeader(number)
    return { header, final }
  }

  /** Drops secondary indexes before a long catch-up (see deferIndexesAbove). */
  async function maybeDeferIndexes() {
    const head = await reader.getBlockNumber()
    const checkpoint = await readCheckpoint(db.pool, chainId)
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

  /**
   * Set when the lease was lost (not renewed in time: frozen, or cut off from the database; or taken over): nothing
   * more is written until it is taken again.
   */
  let lockLost = false

  /** Takes the lease, waiting while another indexer holds it; false once stopped. */
  async function acquireLock(): Promise<boolean> {
    for (let logged = false; running;) {
      if (db.kind === 'postgres' && !leaseClient) {
        const client = await db.pool.connect()
        client.on('error', () => {
          lockLost = true
          held?.release().catch(() => undefined)
          held = undefined
        })
        leaseClient = client
      }
      const taken = await takeLease(leaseClient ?? db.pool, lease)
      if ('epoch' in taken) {
        held = holdLease(leaseClient ?? db.pool, {
          ...lease,
          onLost: (reason) => {
            lockLost = true
            held = undefined
            logger.error({ msg: 'lost the writer lease; nothing more is written until it is ours', chainId, reason })
          },
          onRenewFailed: (error) => logger.warn({ msg: 'could not renew the writer lease', chainId, err: error }),
        })
        logger.info({
          msg: 'took the writer lease: this indexer is the only one writing the chain (a second one waits)',
          chainId,
          owner: lease.owner,
          epoch: taken.epoch,
        })
        return true
      }
      if (!logged) {
        logger.warn({
          msg: 'another indexer writes this chain; waiting for its lease',
          chainId,
          holder: taken.owner,
          until: taken.expiresAt.toISOString(),
        })
      }
      logged = true
      await sleep(Math.min(2_000, Math.ceil(lease.ttlMs / 3)))
    }
    return false
  }

  /** Takes the lease, retrying while the database is away (each failure logged, 1 s apart); false once stopped. */
  async function takeLock(): Promise<boolean> {
    while (running) {
      lockLost = false
      try {
        return await acquireLock()
      } catch (error) {
        leaseClient?.release(true)
        leaseClient = undefined
        logger.error({ msg: 'could not take the writer lease; retrying', chainId, err: error })
        await sleep(1_000)
      }
    }
    return false
  }

  /** Gives the lease and its connection up (a stop, or a lost lease before taking it again). */
  async function releaseLock(broken: boolean) {
    const lost = held
    held = undefined
    await lost?.release()
    leaseClient?.release(broken)
    leaseClient = undefined
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
    if (!(await takeLock())) return
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
        if (lockLost) {
          logger.warn({ msg: 'lost the writer lease; taking it again once it is free', chainId })
          await releaseLock(true)
          // another writer may have moved the checkpoint meanwhile: read it again
          checkpoint = undefined
          next = undefined
          historical.drop()
          // a lease period first: an indexer that took it over meanwhile keeps it (this one was frozen or cut off)
          await sleep(lease.ttlMs)
          if (!(await takeLock())) return
          continue
        }
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
      await releaseLock(false)
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
