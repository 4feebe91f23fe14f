import type { PrismaClient } from '@nexus/db'
import type { IndexerMetrics } from '../internal/metrics.ts'
import { getCheckpoint } from '../store/getCheckpoint.ts'
import type { Rpc } from './createRpc.ts'

/** Where the indexer stands against the chain. Block numbers are bigint (JSON: decimal strings). */
export type IndexerStatus = {
  chainId: number
  /** Latest block of the node, or null when the node did not answer. */
  chainHead: bigint | null
  /** Highest block whose events are written, or null before the first range. */
  indexedBlock: bigint | null
  /** Highest indexed block with at least CONFIRMATIONS blocks on top of it. */
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
  prisma: PrismaClient
  rpc: Rpc
  chainId: number
  confirmations: number
  metrics: IndexerMetrics
}): GetStatus {
  const { prisma, rpc, chainId, confirmations, metrics } = parameters
  return async () => {
    const [checkpoint, chainHead] = await Promise.all([
      getCheckpoint(prisma, chainId),
      rpc
        .call('eth_blockNumber', (client) => client.getBlockNumber({ cacheTime: 0 }), { retries: 0 })
        .catch(() => null),
    ])
    const indexedBlock = checkpoint?.blockNumber ?? null
    let confirmedBlock: bigint | null = null
    if (indexedBlock !== null && chainHead !== null) {
      const safe = chainHead - BigInt(confirmations)
      confirmedBlock = safe < 0n ? null : indexedBlock < safe ? indexedBlock : safe
    }
    const lag = indexedBlock !== null && chainHead !== null ? chainHead - indexedBlock : null
    metrics.indexedBlock.set(Number(indexedBlock ?? -1n))
    if (chainHead !== null) metrics.chainHead.set(Number(chainHead))
    if (lag !== null) metrics.lag.set(Number(lag))
    return { chainId, chainHead, indexedBlock, confirmedBlock, lag, confirmations }
  }
}
