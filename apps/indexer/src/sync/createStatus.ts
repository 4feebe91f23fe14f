import type { Pool } from '@nexus/db'
import type { IndexerMetrics } from '../internal/metrics.ts'
import { readCheckpoint } from '../store/checkpoint.ts'
import type { Rpc } from './createRpc.ts'
import { settledBlock } from './finality.ts'

/** Where the indexer stands against the chain. Block numbers are bigint (JSON: decimal strings). */
export type IndexerStatus = {
  chainId: number
  /** Latest block of the node, or null when the node did not answer. */
  chainHead: bigint | null
  /** Highest block whose events are written, or null before the first range. */
  indexedBlock: bigint | null
  /**
   * Highest indexed block that is final: at most the node's `finalized` block where it offers one below its head,
   * else at most the head minus CONFIRMATIONS.
   */
  confirmedBlock: bigint | null
  /** chainHead - indexedBlock (null when either is unknown). */
  lag: bigint | null
  confirmations: number
}

export type GetStatus = () => Promise<IndexerStatus>

/**
 * Reads the checkpoint and the chain head, and sets the block gauges of `metrics` as a side effect.
 * @dev Throws when the database is unreachable; a node that does not answer gives `chainHead: null`.
 */
export function createStatus(parameters: {
  pool: Pick<Pool, 'query'>
  rpc: Rpc
  chainId: number
  confirmations: number
  metrics: IndexerMetrics
}): GetStatus {
  const { pool, rpc, chainId, confirmations, metrics } = parameters
  return async () => {
    const [checkpoint, chainHead, finalized] = await Promise.all([
      readCheckpoint(pool, chainId),
      rpc
        .call('eth_blockNumber', (client) => client.getBlockNumber({ cacheTime: 0 }), { retries: 0 })
        .catch(() => null),
      rpc
        .call('eth_getBlockByNumber', (client) => client.getBlock({ blockTag: 'finalized' }), { retries: 0 })
        .then((block) => block.number)
        .catch(() => null),
    ])
    const indexedBlock = checkpoint?.blockNumber ?? null
    let confirmedBlock: bigint | null = null
    if (indexedBlock !== null && chainHead !== null) {
      const safe = settledBlock(chainHead, finalized, confirmations).number
      confirmedBlock = safe < 0n ? null : indexedBlock < safe ? indexedBlock : safe
    }
    const lag = indexedBlock !== null && chainHead !== null ? chainHead - indexedBlock : null
    metrics.indexedBlock.set(Number(indexedBlock ?? -1n))
    if (chainHead !== null) metrics.chainHead.set(Number(chainHead))
    if (lag !== null) metrics.lag.set(Number(lag))
    return { chainId, chainHead, indexedBlock, confirmedBlock, lag, confirmations }
  }
}
