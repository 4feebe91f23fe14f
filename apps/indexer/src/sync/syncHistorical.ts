import type { Database } from '@nexus/db'
import type { FastifyBaseLogger } from 'fastify'
import type { IndexerMetrics } from '../internal/metrics.ts'
import type { Checkpoint } from '../store/checkpoint.ts'
import { commit } from '../store/commitStep.ts'
import type { WriteOptions } from '../store/writeRange.ts'
import type { Hex } from 'viem'
import { errorText, isMissingBlock, isRangeRefusal, nodeText, outside, type ChainReader } from './readChain.ts'
import type { BlockHeader, RpcLog, SyncEvent } from './types.ts'

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
  /** eth_getLogs requests in flight at once. */
  inFlight: number
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

/** A range being read: its logs (and the header of the block before it, for a run's first range). */
type Slot = {
  from: bigint
  to: bigint
  read: Promise<SlotRead>
  /** Set once `read` has settled. */
  settled?: { ok: true; value: SlotRead } | { ok: false; error: unknown }
}
type SlotRead = { logs: RpcLog[]; parentHash?: Hex }

/**
 * The block a catch-up run reads up to, read before any of its ranges: the node's finalized block where it offers
 * one (`final`), else the head minus the confirmations (see `finality.ts`).
 */
export type Anchor = { header: BlockHeader; final: boolean }

/**
 * A run of ranges read in parallel towards one anchor (read before any of them). A batch of ranges is
 * committed once its logs are read, then the header of its last block (the new checkpoint) and of blocks whose
 * logs carry no timestamp, then the anchor again, unchanged. A block hash commits to all its ancestors, so the
 * chain below the anchor was one chain from the first read of the anchor to the last, and every log and header
 * read in between is of it (as for a single range, a node that left that chain and came back to it exactly in
 * between goes unnoticed). The run's first range also reads the block before it, which must be the checkpoint
 * the run started from; every later batch builds on the one before it, of the same chain.
 * A final anchor (the node's finalized block) needs no such proof: no block up to it can be reorganised, so a
 * batch is committed once its logs and its last block's header are read; only the link of the run's first range
 * to the checkpoint is checked (the checkpoint may be a block of a fork that a
 * reorg left before it was finalized).
 */
type Session = {
  anchor: BlockHeader
  /** The anchor is final: no proof per batch (see above). */
  final: boolean
  /** The checkpoint the next batch builds on, and whether the run has proven its link to it. */
  base: Checkpoint | null
  linked: boolean
  /** Next block to schedule. */
  next: bigint
  slots: Slot[]
  /** Logs of the settled, uncommitted ranges. */
  buffered: number
  /** Ranges being read. */
  reading: number
  aborted: boolean
  /** The endpoint's failover count when the anchor was read: a run is read from one node (see Rpc.failovers). */
  failovers: number
  /**
   * The next batch, chosen while the previous one was written, with its headers already being read then (the
   * ranges it takes were read before: the order of reads a batch's proof needs is kept).
   */
  ahead?: Ahead
}

/** Ranges read and settled, taken as one batch, with the headers it needs (see {@link Session.ahead}). */
type Batch = { slots: { slot: Slot; read: SlotRead }[]; logs: RpcLog[]; to: bigint }
type Ahead = Batch & { first: Slot; headers: Promise<Map<bigint, BlockHeader> | 'unstable'> }

/**
 * At most `limit()` eth_getLogs in flight, granted lowest block first (the range to commit next never waits
 * behind ranges read ahead).
 */
function createPermits(limit: () => number) {
  let used = 0
  const waiting: { from: bigint; grant: () => void }[] = []
  const pump = () => {
    while (used < limit() && waiting.length) {
      const next = waiting.reduce((lowest, waiter) => (waiter.from < lowest.from ? waiter : lowest))
      waiting.splice(waiting.indexOf(next), 1)
      used++
      next.grant()
    }
  }
  return {
    acquire: (from: bigint) =>
      new Promise<void>((grant) => {
        waiting.push({ from, grant })
        pump()
      }),
    release() {
      used--
      pump()
    },
  }
}

class Dropped extends Error {
  override name = 'Dropped'
}

/**
 * Catching up: ranges of blocks from the checkpoint towards a head read before, sized to the density of logs
 * and to the node's limit, `inFlight` eth_getLogs at once, committed strictly in order (each batch on top of
 * the checkpoint the previous one wrote, exactly once).
 * @dev Hands back to the head-following by returning `reorg` when a range no longer builds on the checkpoint;
 * the caller forgets what was read ahead ({@link HistoricalSync.drop}) whenever a step fails.
 */
export function createHistoricalSync(parameters: HistoricalSyncParameters) {
  const { db, reader, chainId, metrics, logger, writeOptions, targetLogs } = parameters
  let maxRange = parameters.maxRange
  let range = parameters.initialRange > maxRange ? maxRange : parameters.initialRange
  /**
   * The largest range known to be within the node's limit (read whole, or the limit a refusal named); 0: none yet.
   * One range in flight until one has been read whole, and at most one range larger than this at a time (a probe:
   * the ranges after it keep this size), so that a node's range limit is learnt from one refusal.
   */
  let proven = 0n
  let probing = false
  const permits = createPermits(() => (proven > 0n ? parameters.inFlight : 1))
  /** Ranges read ahead of the one to commit (bounded, and by `maxBufferedLogs` logs). */
  const maxAhead = parameters.inFlight * 8
  const maxBufferedLogs = targetLogs * 8
  let session: Session | undefined

  /**
   * A node refusing a range of `blocks` as too large: a limit it names ("max block range 1000", "up to a 500
   * block range") becomes the largest range from then on; otherwise the range becomes at most half the refused
   * one. False when the error is no such refusal (or a range of one block was refused).
   */
  function shrink(error: unknown, blocks: bigint): boolean {
    if (blocks <= 1n || !isRangeRefusal(error)) return false
    const named = namedLimit(nodeText(error))
    if (named !== null && named < blocks) {
      if (named < maxRange) maxRange = named
      if (named < range) range = named
      proven = named
    } else if (range > blocks / 2n) {
      range = blocks / 2n
    }
    if (proven > range) proven = range
    logger.info({
      msg: 'eth_getLogs range refused: shrinking',
      chainId,
      range: String(range),
      maxRange: String(maxRange),
      reason: errorText(error).slice(0, 300),
    })
    return true
  }

  /** A refused range (see {@link shrink}) read again by the caller; anything else is thrown. */
  function refused(error: unknown, from: bigint, blocks = range): Stepped {
    if (shrink(error, blocks)) return { event: nothing(from) }
    throw error
  }

  /**
   * Logs of [from, to], with a permit per eth_getLogs; a range the node refuses as too large is read again in
   * pieces of the range learnt from the refusal.
   */
  async function readLogs(run: Session, from: bigint, to: bigint): Promise<RpcLog[]> {
    await permits.acquire(from)
    try {
      if (run.aborted) throw new Dropped('range dropped')
      const logs = await reader.getLogs(from, to)
      if (to - from + 1n > proven) proven = to - from + 1n
      return logs
    } catch (error) {
      if (error instanceof Dropped || !shrink(error, to - from + 1n)) throw error
    } finally {
      permits.release()
    }
    const pieces: Promise<RpcLog[]>[] = []
    for (let start = from; start <= to; start += range) {
      pieces.push(readLogs(run, start, start + range - 1n < to ? start + range - 1n : to))
    }
    return (await Promise.all(pieces)).flat()
  }

  function drop() {
    if (session) session.aborted = true
    session = undefined
  }

  async function readSlot(run: Session, from: bigint, to: bigint, withParent: boolean): Promise<SlotRead> {
    // The first range's parent header is read at once (headers are not what the node limits); the logs wait for
    // a permit.
    const parent = withParent ? reader.getHeader(from - 1n) : undefined
    parent?.catch(() => undefined)
    const logs = await readLogs(run, from, to)
    return { logs, ...(parent && { parentHash: (await parent).hash }) }
  }

  /**
   * Adapts the range to the density a range just read showed: about `targetLogs` logs a range (growing at most 4x
   * a range, 16x while a range holds under a sixteenth of the target, and never above maxRange, a node's cap).
   */
  function adapt(blocks: bigint, logs: number) {
    const fit = (blocks * BigInt(targetLogs)) / BigInt(Math.max(logs, 1))
    const growth = logs * 16 <= targetLogs ? 16n : 4n
    const next = fit < blocks * growth ? fit : blocks * growth
    range = next < 1n ? 1n : next > maxRange ? maxRange : next
  }

  /**
   * Schedules ranges up to the anchor: one per permit (a range is sized when it can be sent, by the latest density
   * and the node's limit as known then: a range sized earlier and refused later costs a round trip and leaves a
   * short piece), while fewer than `maxAhead` ranges and `maxBufferedLogs` logs wait to be committed. Called again
   * whenever a range is read.
   */
  function fill(run: Session) {
    while (
      !run.aborted &&
      run.next <= run.anchor.number &&
      run.reading < (proven > 0n ? parameters.inFlight : 1) &&
      run.slots.length < maxAhead &&
      run.buffered < maxBufferedLogs
    ) {
      const from = run.next
      const probe = range > proven && !probing
      const size = range > proven && !probe ? proven : range
      const to = from + size - 1n < run.anchor.number ? from + size - 1n : run.anchor.number
      const withParent = run.base !== null && !run.linked && run.slots.length === 0
      const slot: Slot = { from, to, read: readSlot(run, from, to, withParent) }
      run.reading++
      if (probe) probing = true
      slot.read.then(
        (value) => {
          slot.settled = { ok: true, value }
          run.reading--
          if (probe) probing = false
          run.buffered += value.logs.length
          adapt(to - from + 1n, value.logs.length)
          fill(run)
          readAhead(run, slot)
        },
        (error: unknown) => {
          slot.settled = { ok: false, error }
          run.reading--
          if (probe) probing = false
        },
      )
      run.slots.push(slot)
      run.next = to + 1n
    }
  }

  /** The next batch: the first range and those right after it already read, up to about `targetLogs` logs. */
  function settledBatch(run: Session): Batch {
    const slots: Batch['slots'] = []
    let logCount = 0
    for (const slot of run.slots) {
      if (!slot.settled?.ok) break
      if (slots.length && logCount + slot.settled.value.logs.length > targetLogs) break
      slots.push({ slot, read: slot.settled.value })
      logCount += slot.settled.value.logs.length
    }
    return { slots, logs: slots.flatMap(({ read }) => read.logs), to: slots.at(-1)?.slot.to ?? run.next - 1n }
  }

  /**
   * The headers a batch needs: its last block's (the new checkpoint) and those of blocks whose logs carry no
   * timestamp, read once per batch rather than with every range (fewer requests: each one that fails or times out
   * costs its retry), after the batch's logs. 'unstable' when a log is not of the block its range asked for.
   */
  async function batchHeaders(run: Session, batch: Batch): Promise<Map<bigint, BlockHeader> | 'unstable'> {
    if (batch.slots.some(({ slot, read }) => read.logs.some((log) => outside(log, slot.from, slot.to)))) {
      return 'unstable'
    }
    return await reader.readHeaders(batch.logs, batch.to === run.anchor.number ? [run.anchor] : [], [batch.to])
  }

  /**
   * A batch's headers (see {@link batchHeaders}) and, for an anchor that is not final, the proof: the anchor read
   * again after them, unchanged ('unstable' otherwise).
   */
  async function proveBatch(run: Session, batch: Batch): Promise<Map<bigint, BlockHeader> | 'unstable'> {
    const headers = await batchHeaders(run, batch)
    if (run.final || headers === 'unstable') return headers
    return (await reader.getHeader(run.anchor.number)).hash === run.anchor.hash ? headers : 'unstable'
  }

  /**
   * Chooses the next batch and starts reading its headers as soon as its first range is read (`slot` just read):
   * while the batch before it is written, or while the step waits for that range, so that no batch waits for a
   * round trip of its own headers after its logs. At most one batch ahead, of the ranges read by then.
   */
  function readAhead(run: Session, slot: Slot) {
    if (run.aborted || run.ahead || session !== run || run.slots[0] !== slot || !slot.settled?.ok) return
    const next = settledBatch(run)
    const headers = proveBatch(run, next)
    headers.catch(() => undefined) // awaited (and its failure handled) by the step that commits it
    run.ahead = { ...next, first: slot, headers }
  }

  const same = (a: Checkpoint | null, b: Checkpoint | null) =>
    a?.blockNumber === b?.blockNumber && a?.blockHash === b?.blockHash

  /**
   * Commits the next batch on top of `checkpoint`: the ranges already read from `from` on (at least the first,
   * waited for), starting a run towards `latest` (the head just read, `failovers` the endpoint's count read
   * before it) when none goes on from there.
   */
  async function step(
    checkpoint: Checkpoint | null,
    from: bigint,
    anchor?: Anchor,
    failovers?: number,
  ): Promise<Outcome> {
    const started = performance.now()
    if (!session || session.slots[0]?.from !== from || !same(session.base, checkpoint)) {
      drop()
      if (!anchor) throw new Error('catch-up step without an anchor')
      session = {
        anchor: anchor.header,
        final: anchor.final,
        base: checkpoint,
        linked: false,
        next: from,
        slots: [],
        buffered: 0,
        reading: 0,
        aborted: false,
        failovers: failovers ?? reader.failovers(),
      }
    }
    const run = session
    fill(run)
    const [first] = run.slots
    if (!first) throw new Error('catch-up step with nothing to read')
    try {
      await first.read
    } catch (error) {
      drop()
      if (error instanceof Dropped || isMissingBlock(error)) return { event: nothing(from) }
      throw error
    }
    const ahead = run.ahead?.first === first ? run.ahead : undefined
    run.ahead = undefined
    const batch = ahead ?? settledBatch(run)
    if (!run.linked && run.base && batch.slots[0]?.read.parentHash !== run.base.blockHash) {
      drop()
      return 'reorg'
    }
    const { logs, to } = batch
    let headers: Map<bigint, BlockHeader> | 'unstable'
    try {
      // Not final: the anchor read again after the batch's logs and headers; unchanged, it proves all of them of
      // its chain.
      headers = await (ahead?.headers ?? proveBatch(run, batch))
    } catch (error) {
      drop()
      if (isMissingBlock(error)) return { event: nothing(from) }
      throw error
    }
    // Unstable, or read from more than one node (the calls moved to another endpoint during the run): start over
    // on the head as it is now.
    if (headers === 'unstable' || reader.failovers() !== run.failovers) {
      drop()
      return { event: nothing(from) }
    }
    const toHeader = headers.get(to)
    if (!toHeader) throw new Error(`no header of block ${to}`)
    const decoded = reader.decode(logs, headers)
    metrics.phaseSeconds.inc({ phase: 'fetch' }, (performance.now() - started) / 1000)

    const written = { blockNumber: to, blockHash: toHeader.hash }
    run.slots.splice(0, batch.slots.length)
    run.buffered -= logs.length
    fill(run) // the next ranges are read while this batch is written
    // And the next batch's headers too, if its first range is already read (else once it is: see readAhead).
    const next = run.slots[0]
    if (next) readAhead(run, next)
    const writeStarted = performance.now()
    try {
      await commit(db, chainId, { expected: checkpoint, range: { logs: decoded, to: toHeader } }, writeOptions)
    } catch (error) {
      drop()
      throw error
    }
    metrics.phaseSeconds.inc({ phase: 'write' }, (performance.now() - writeStarted) / 1000)
    metrics.events.inc(decoded.length)
    progress.record(from, to, run.anchor.number, decoded.length)
    run.base = written
    run.linked = true
    if (run.slots.length === 0 && run.next > run.anchor.number) session = undefined
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
    hasAhead: (from: bigint) => session?.slots[0]?.from === from,
    /** Forgets the ranges read ahead (after a failed step or a reorg). */
    drop,
    /** The current range size (a reorg reads its canonical range with it). */
    range: () => range,
  }
}

export type HistoricalSync = ReturnType<typeof createHistoricalSync>
