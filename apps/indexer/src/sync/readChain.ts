import { hexToBigInt, numberToHex, type Hex, type PublicClient } from 'viem'
import { createLogDecoder, type DecodedLog } from '../handlers/decodeLogs.ts'
import { RetryableError } from '../internal/errors.ts'
import type { IndexerMetrics } from '../internal/metrics.ts'
import type { Checkpoint } from '../store/checkpoint.ts'
import { isEndpointFailure, isThrottled, type Rpc } from './createRpc.ts'
import type { BlockHeader, RpcLog, Source } from './types.ts'

/** A range read from the chain, proven to be one chain on top of the checkpoint it was read against. */
export type Fetched = {
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
export type Read = Fetched | 'reorg' | 'unstable'

/** Errors of nodes refusing a range as too large (Geth, Erigon, BSC, Alchemy, Infura, Hardhat...). */
export const rangeTooLarge = /range|limit|too many|too large|exceed|10000|response size|query returned more/i
/** A node refusing a range as too large (not one throttling us: "429 Too Many Requests" is no range limit). */
export const isRangeRefusal = (error: unknown) => !isThrottled(error) && rangeTooLarge.test(errorText(error))
/** Errors of nodes asked for a block they do not have (any more): a reorg shortened the chain meanwhile. */
const missingBlock = /BlockNotFound|cannot be found|not found|unknown block|header not found/i

/** The whole text of an error and its causes (viem puts the node's words in `details`). */
export const errorText = (error: unknown): string =>
  error instanceof Error
    ? `${(error as { details?: string }).details ?? ''} ${error.name} ${error.message} ${errorText(error.cause)}`
    : ''
/** What the node itself said (viem keeps it in `details`), through the causes: no URL, no request body. */
export const nodeText = (error: unknown): string =>
  error instanceof Error ? `${(error as { details?: string }).details ?? ''} ${nodeText(error.cause)}`.trim() : ''
export const isMissingBlock = (error: unknown) => missingBlock.test(errorText(error))

/** A log that is not of the range [from, to] as it is now: removed (a node reporting a reorg), or outside it. */
export const outside = (log: RpcLog, from: bigint, to: bigint) => {
  const number = BigInt(log.blockNumber)
  return log.removed === true || number < from || number > to
}

const toHeader = (block: {
  number: bigint | null
  hash: Hex | null
  parentHash: Hex
  timestamp: bigint
}): BlockHeader => {
  if (block.number === null || block.hash === null) throw new Error('pending block has no number or hash')
  return { number: block.number, hash: block.hash, parentHash: block.parentHash, timestamp: block.timestamp }
}

/** A block the node does not have (viem's getBlock names it the same way: see `missingBlock`). */
class BlockNotFoundError extends Error {
  override name = 'BlockNotFoundError'
}

/**
 * A block's header read with one request of its own: `eth_getBlockByNumber`/`eth_getBlockByHash` without
 * transactions, sent as is (viem's getBlock shares one request between identical calls in flight, which would make
 * a hedged read the same request twice).
 */
async function readHeader(client: PublicClient, block: { number: bigint } | { hash: Hex }): Promise<BlockHeader> {
  const raw = (await ('number' in block
    ? client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(block.number), false] })
    : client.request({ method: 'eth_getBlockByHash', params: [block.hash, false] }))) as {
    number: Hex | null
    hash: Hex | null
    parentHash: Hex
    timestamp: Hex
  } | null
  if (!raw) {
    throw new BlockNotFoundError(
      `Block ${'number' in block ? `at number ${block.number}` : `with hash ${block.hash}`} could not be found.`,
    )
  }
  return toHeader({
    number: raw.number === null ? null : hexToBigInt(raw.number),
    hash: raw.hash,
    parentHash: raw.parentHash,
    timestamp: hexToBigInt(raw.timestamp),
  })
}

export type ChainReader = ReturnType<typeof createChainReader>

/**
 * Reads headers and logs of the indexed contracts from the node; {@link ChainReader.fetchRange} proves that a
 * range's logs are those of one chain on top of a given checkpoint. Shared by the catch-up and the head-following.
 */
export function createChainReader(parameters: { rpc: Rpc; sources: readonly Source[]; metrics: IndexerMetrics }) {
  const { rpc, sources, metrics } = parameters
  const decodeLogs = createLogDecoder(sources)
  const addresses = sources.map((s) => s.address)

  // Headers are cheap reads that a commit waits for: hedged (see Rpc.call).
  const getHeader = (blockNumber: bigint) =>
    rpc.call('eth_getBlockByNumber', (client) => readHeader(client, { number: blockNumber }), {
      isFinal: isMissingBlock,
      hedge: true,
    })
  const getHeaderByHash = (blockHash: Hex) =>
    rpc.call('eth_getBlockByHash', (client) => readHeader(client, { hash: blockHash }), {
      isFinal: isMissingBlock,
      hedge: true,
    })
  const getLatest = () =>
    rpc.call('eth_getBlockByNumber', async (client) => toHeader(await client.getBlock({ blockTag: 'latest' })), {
      hedge: true,
    })
  /**
   * The node's `finalized` block, or null when the node refuses the tag (an error it answered with; a failing
   * endpoint throws as any call does).
   */
  const getFinalized = async (): Promise<BlockHeader | null> => {
    try {
      return await rpc.call(
        'eth_getBlockByNumber',
        async (client) => toHeader(await client.getBlock({ blockTag: 'finalized' })),
        { isFinal: (error) => !isEndpointFailure(error), hedge: true },
      )
    } catch (error) {
      if (isEndpointFailure(error)) throw error
      return null
    }
  }

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
      // the default retries: a range that fails after them fails the step, and the catch-up its ranges read ahead
      { isFinal: isRangeRefusal },
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
   * The headers a range's logs need, by number: `known` ones, those of `numbers`, and those of blocks whose logs
   * carry no `blockTimestamp` (Hardhat and recent Geth add it; others do not), read at once. Every log of a block
   * whose header is there must name that header's hash, else the chain moved while the range was read
   * (`unstable`).
   */
  async function readHeaders(
    logs: readonly RpcLog[],
    known: readonly BlockHeader[],
    numbers: readonly bigint[] = [],
  ): Promise<Map<bigint, BlockHeader> | 'unstable'> {
    const headers = new Map(known.map((header) => [header.number, header]))
    const missing = new Set(numbers.filter((number) => !headers.has(number)))
    for (const log of logs) {
      const number = BigInt(log.blockNumber)
      if (log.blockTimestamp === undefined && !headers.has(number)) missing.add(number)
    }
    for (const header of await Promise.all([...missing].map((number) => getHeader(number)))) {
      headers.set(header.number, header)
    }
    const moved = logs.some((log) => {
      const header = headers.get(BigInt(log.blockNumber))
      return header !== undefined && header.hash !== log.blockHash
    })
    return moved ? 'unstable' : headers
  }

  /** Decodes logs, each with its block's timestamp: the one it carries, else its header's (see readHeaders). */
  function decode(logs: readonly RpcLog[], headers: ReadonlyMap<bigint, BlockHeader>): DecodedLog[] {
    const started = performance.now()
    const decoded = decodeLogs(logs, (number) => {
      const header = headers.get(number)
      if (!header) throw new Error(`no timestamp for block ${number}`)
      return header.timestamp
    })
    metrics.phaseSeconds.inc({ phase: 'decode' }, (performance.now() - started) / 1000)
    return decoded
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
    const failovers = rpc.failovers()
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
      if (logs.some((log) => outside(log, from, to))) return 'unstable'
      const headers = await readHeaders(logs, [before])
      // Read from more than one node (the calls moved to another endpoint meanwhile): no proof, read it again.
      if (headers === 'unstable' || rpc.failovers() !== failovers) return 'unstable'
      return { from, to, toHeader: before, logs, decoded: decode(logs, headers) }
    } catch (error) {
      // A block that vanished while the range was read (the chain got shorter): read it again.
      if (isMissingBlock(error)) return 'unstable'
      throw error
    }
  }

  /**
   * Reads block `number` by its `hash` (the parent hash of a header read before) on top of `parent`: its header and
   * its logs at once, both by hash (exact: a node that no longer has that block refuses them). `reorg` when its
   * parent is not `parent`.
   */
  async function fetchBlock(number: bigint, hash: Hex, parent: Checkpoint | null): Promise<Read> {
    const failovers = rpc.failovers()
    try {
      const [header, logs] = await Promise.all([getHeaderByHash(hash), getBlockLogs(hash)])
      if (header.number !== number || header.hash !== hash) return 'unstable'
      if (parent && header.parentHash !== parent.blockHash) return 'reorg'
      if (logs.some((log) => outside(log, number, number) || log.blockHash !== hash)) return 'unstable'
      const headers = await readHeaders(logs, [header])
      if (headers === 'unstable' || rpc.failovers() !== failovers) return 'unstable'
      return { from: number, to: number, toHeader: header, logs, decoded: decode(logs, headers) }
    } catch (error) {
      if (isMissingBlock(error)) return 'unstable'
      throw error
    }
  }

  return {
    /** See {@link Rpc.failovers}. */
    failovers: rpc.failovers,
    getHeader,
    getLatest,
    getFinalized,
    getBlockNumber: () => rpc.call('eth_blockNumber', (client) => client.getBlockNumber({ cacheTime: 0 })),
    getLogs,
    readHeaders,
    decode,
    fetchRange,
    fetchBlock,
  }
}
