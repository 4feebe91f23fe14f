import type { Database } from '@nexus/db'
import type { FastifyBaseLogger } from 'fastify'
import type { IndexerMetrics } from '../internal/metrics.ts'
import type { Checkpoint } from '../store/checkpoint.ts'
import { commit } from '../store/commitStep.ts'
import type { WriteOptions } from '../store/writeRange.ts'
import { errorText, nodeText, rangeTooLarge, type ChainReader, type Read } from './readChain.ts'
import type { BlockHeader, SyncEvent } from './types.ts'

/** What a step did, and the checkpoint it committed (absent: unchanged; null: none, all rolled back); `reorg`: the head-following's turn. */
export type Stepped = { event: SyncEvent; checkpoint?: Checkpoint | null }
export type Outcome = Stepped | 'reorg'

export type HistoricalSyncParameters = {
  db: Pick<Database, 'pool' | 'kind'>
  reader: ChainReader
  chainId: number
  metrics: IndexerMetrics
  logger: Pick<FastifyBaseLogger, 'info'>
  writeOptions: WriteOptions
  /** Largest eth_getLogs range in blocks. */
  maxRange: bigint
  /** First eth_getLogs range in blocks; it then adapts to about `targetLogs` logs a range. */
  initialRange: bigint
  targetLogs: number
  /** Milliseconds between progress lines. */
  progressInterval: number
}

/**
 * The block range a node's refusal names as its limit, if it names one: the number next to "block(s)" or
 * "range" (e.g. "query exceeds max block range 1000", "eth_getLogs is limited to a 10,000 block range",
 * "block range is too wide (maximum 5000)"). Null when none is named.
 */
export function namedLimit(message: string): bigint | null {
  const match =
    /\b(?:range|blocks?)\b\D{0,24}?\b(\d[\d,_]*)/i.exec(message) ?? /(\d[\d,_]*)\s*(?:-\s*)?blocks?\b/i.exec(message)
  if (!match?.[1]) return null
  const limit = BigInt(match[1].replace(/[,_]/g, ''))
  return limit > 0n ? limit : null
}

/** A step that read nothing (a range refused or read again): the caller simply steps again. */
export const nothing = (from: bigint): SyncEvent => ({ type: 'range', fromBlock: from, toBlock: from - 1n, events: 0 })

/**
 * Catching up: ranges of blocks from the checkpoint towards a head read before, sized to the density of logs
 * and to the node's limit, each read (and proven) while the previous one is written.
 * @dev Hands back to the head-following by returning `reorg` when a range no longer builds on the checkpoint;
 * the caller forgets what was read ahead ({@link HistoricalSync.drop}) whenever a step fails.
 */
export function createHistoricalSync(parameters: HistoricalSyncParameters) {
  const { db, reader, chainId, metrics, logger, writeOptions, targetLogs } = parameters
  let maxRange = parameters.maxRange
  let range = parameters.initialRange > maxRange ? maxRange : parameters.initialRange
  /** The latest head seen: the catch-up's target. */
  let head = -1n
  let ahead: { from: bigint; promise: Promise<Read> } | undefined

  /**
   * A node refusing a range as too large: a limit it names ("max block range 1000", "up to a 500 block range")
   * becomes the largest range from then on; otherwise the range is halved. Anything else is thrown.
   */
  function refused(error: unknown, from: bigint): Stepped {
    const message = errorText(error)
    if (range > 1n && rangeTooLarge.test(message)) {
      const named = namedLimit(nodeText(error))
      if (named !== null && named < range) {
        maxRange = named
        range = named
      } else {
        range = range / 2n
      }
      logger.info({
        msg: 'eth_getLogs range refused: shrinking',
        chainId,
        range: String(range),
        maxRange: String(maxRange),
        reason: message.slice(0, 300),
      })
      return { event: nothing(from) }
    }
    throw error
  }

  /**
   * Reads and writes the next range on top of `checkpoint`: the one read ahead when there is one, else a range
   * up to `latest` (the head just read).
   */
  async function step(checkpoint: Checkpoint | null, from: bigint, latest?: BlockHeader): Promise<Outcome> {
    const started = performance.now()
    const pending = ahead?.from === from ? ahead : undefined
    ahead = undefined
    let read: Read
    try {
      if (pending) {
        read = await pending.promise
      } else {
        if (!latest) throw new Error('catch-up step without a head')
        head = latest.number
        const to = from + range - 1n < head ? from + range - 1n : head
        read = await reader.fetchRange(from, to, checkpoint, latest)
      }
    } catch (error) {
      return refused(error, from)
    }
    metrics.phaseSeconds.inc({ phase: 'fetch' }, (performance.now() - started) / 1000)
    if (read === 'reorg') return 'reorg'
    if (read === 'unstable') return { event: nothing(from) }

    const { to, toHeader, logs, decoded } = read
    // Adapt the range to the density seen: about `targetLogs` logs a range (growing at most 4x a step, and never
    // above maxRange, a node's cap).
    const blocks = Number(to - from + 1n)
    const fit = Math.floor((blocks * targetLogs) / Math.max(logs.length, 1))
    const next = BigInt(Math.max(1, Math.min(fit, blocks * 4)))
    range = next > maxRange ? maxRange : next
    const written = { blockNumber: to, blockHash: toHeader.hash }
    // Pipelining: while this range is written, the next one is read on top of its last header.
    if (to < head) {
      const nextFrom = to + 1n
      const nextTo = nextFrom + range - 1n < head ? nextFrom + range - 1n : head
      const promise = reader.fetchRange(nextFrom, nextTo, written)
      promise.catch(() => undefined) // consumed (or dropped) by the next step
      ahead = { from: nextFrom, promise }
    }
    const writeStarted = performance.now()
    await commit(db, chainId, { expected: checkpoint, range: { logs: decoded, to: toHeader } }, writeOptions)
    metrics.phaseSeconds.inc({ phase: 'write' }, (performance.now() - writeStarted) / 1000)
    metrics.events.inc(decoded.length)
    progress.record(from, to, head > to ? head : to, decoded.length)
    return { event: { type: 'range', fromBlock: from, toBlock: to, events: decoded.length }, checkpoint: written }
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
        if ((head <= to && done > 1) || now - lastLog >= parameters.progressInterval) {
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

  return {
    step,
    refused,
    /** Whether the range starting at `from` is already being read (the catch-up goes on without a new head). */
    hasAhead: (from: bigint) => ahead?.from === from,
    /** Forgets the range read ahead (after a failed step or a reorg). */
    drop() {
      ahead = undefined
    },
    /** The current range size (a reorg reads its canonical range with it). */
    range: () => range,
  }
}

export type HistoricalSync = ReturnType<typeof createHistoricalSync>
