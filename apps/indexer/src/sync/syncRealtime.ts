import type { Database } from '@nexus/db'
import type { FastifyBaseLogger } from 'fastify'
import type { Hex } from 'viem'
import type { IndexerMetrics } from '../internal/metrics.ts'
import type { Checkpoint } from '../store/checkpoint.ts'
import { commit } from '../store/commitStep.ts'
import type { WriteOptions } from '../store/writeRange.ts'
import type { ChainReader, Read } from './readChain.ts'
import { nothing, type Outcome, type Stepped } from './syncHistorical.ts'
import type { BlockHeader } from './types.ts'

export type RealtimeSyncParameters = {
  db: Pick<Database, 'pool' | 'kind'>
  reader: ChainReader
  chainId: number
  /** First block of the sources (where a rollback of everything starts again). */
  startBlock: bigint
  metrics: IndexerMetrics
  logger: Pick<FastifyBaseLogger, 'warn'>
  writeOptions: WriteOptions
}

/**
 * Following the head: the next block once it is the head (read by its hash, its parent hash proving the
 * checkpoint still canonical), and every reorg, wherever it was noticed.
 */
export function createRealtimeSync(parameters: RealtimeSyncParameters) {
  const { db, reader, chainId, startBlock, metrics, logger, writeOptions } = parameters

  /**
   * Reads and writes `block`, the block right after `checkpoint`: its header as read (the head, or a block read
   * by number), or only its number and hash (the parent hash of the head: its header is read with its logs).
   * `reading`: the block already being read (by `fetchRange` on top of the checkpoint's hash).
   */
  async function step(
    checkpoint: Checkpoint | null,
    block: BlockHeader | { number: bigint; hash: Hex },
    reading?: Promise<Read>,
  ): Promise<Outcome> {
    const started = performance.now()
    const read = reading
      ? await reading
      : 'parentHash' in block
        ? await reader.fetchRange(block.number, block.number, checkpoint, block)
        : await reader.fetchBlock(block.number, block.hash, checkpoint)
    metrics.phaseSeconds.inc({ phase: 'fetch' }, (performance.now() - started) / 1000)
    if (read === 'reorg') return 'reorg'
    if (read === 'unstable') return { event: nothing(block.number) }
    const writeStarted = performance.now()
    await commit(db, chainId, { expected: checkpoint, range: { logs: read.decoded, to: read.toHeader } }, writeOptions)
    metrics.phaseSeconds.inc({ phase: 'write' }, (performance.now() - writeStarted) / 1000)
    metrics.events.inc(read.decoded.length)
    return {
      event: { type: 'range', fromBlock: read.from, toBlock: read.to, events: read.decoded.length },
      checkpoint: { blockNumber: read.to, blockHash: read.toHeader.hash },
    }
  }

  /** Finds the newest stored block (at most `head`) that is still canonical; null when none is. */
  async function findCommonAncestor(head: bigint): Promise<BlockHeader | null> {
    const { rows } = await db.pool.query<{ number: string; hash: Hex }>(
      'SELECT number::text, hash FROM chain_block WHERE chain_id = $1 AND number <= $2 ORDER BY number DESC',
      [chainId, head.toString()],
    )
    for (const row of rows) {
      const canonical = await reader.getHeader(BigInt(row.number))
      if (canonical.hash === row.hash) return canonical
    }
    return null
  }

  /**
   * A reorg: finds the newest stored block that is still canonical, reads the canonical range (at most `range`
   * blocks) on top of it, and commits the rollback, that range and the new checkpoint as one step. Should the
   * chain move again meanwhile, nothing is written and the next step starts over.
   */
  async function reorg(checkpoint: Checkpoint | null, range: bigint): Promise<Stepped> {
    const latest = await reader.getLatest()
    const ancestor = await findCommonAncestor(latest.number)
    const base = ancestor ? { blockNumber: ancestor.number, blockHash: ancestor.hash } : null
    const from = ancestor ? ancestor.number + 1n : startBlock
    let read: Read | null = null
    if (from <= latest.number) {
      const to = from + range - 1n < latest.number ? from + range - 1n : latest.number
      read = await reader.fetchRange(from, to, base, latest)
      if (read === 'reorg' || read === 'unstable') return { event: nothing(from) }
    }
    const fetched = read
    const canonical = fetched ? { logs: fetched.decoded, to: fetched.toHeader } : undefined
    await commit(db, chainId, { expected: checkpoint, rollbackTo: ancestor, range: canonical }, writeOptions)
    metrics.reorgs.inc()
    if (fetched) metrics.events.inc(fetched.decoded.length)
    const commonAncestor = ancestor?.number ?? -1n
    logger.warn({
      msg: 'reorg: rolled back orphaned blocks and read the canonical ones',
      chainId,
      commonAncestor: String(commonAncestor),
      orphanedFrom: String(commonAncestor + 1n),
      canonicalTo: fetched ? String(fetched.to) : undefined,
    })
    return {
      event: { type: 'reorg', commonAncestor, orphanedFrom: commonAncestor + 1n },
      checkpoint: fetched ? { blockNumber: fetched.to, blockHash: fetched.toHeader.hash } : base,
    }
  }

  return { step, reorg }
}
