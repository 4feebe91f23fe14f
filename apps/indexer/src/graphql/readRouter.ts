import type { Pool, ReadReplica } from '@nexus/db'
import type { IndexerMetrics } from '../internal/metrics.ts'
import { readCheckpoint } from '../store/checkpoint.ts'

type Queryable = Pick<Pool, 'query'>

/** Where one GraphQL request reads: the replica, or the primary when the replica is behind what it needs. */
export type ReadRouter = {
  /**
   * The pool for a request that needs the index at `minBlock` or later (undefined: any position). With a replica:
   * the replica when its checkpoint is at `minBlock` (waiting for it up to `waitMs`), else the primary; without
   * one, always the primary.
   */
  poolFor: (minBlock?: bigint) => Promise<Queryable>
  /** The replica's lag behind the primary (null without a replica); sets the replica gauges. */
  replicaLag: () => Promise<ReplicaStatus | null>
}

export type ReplicaStatus = {
  /** The replica's checkpoint (null before the first range reached it). */
  indexedBlock: bigint | null
  /** The primary's checkpoint minus the replica's. */
  lagBlocks: bigint
  lagSeconds: number
  lagBytes: number
}

export type CreateReadRouterParameters = {
  primary: Queryable
  replica?: Pick<ReadReplica, 'pool' | 'lag' | 'waitFor'> | undefined
  chainId: number
  /** How long a request waits for the replica to reach its `minBlock` before it reads the primary. */
  waitMs: number
  metrics: IndexerMetrics
  onReplicaError?: (error: unknown) => void
}

/**
 * Routes GraphQL reads between the primary and a streaming replica (DATABASE_READ_URL). The indexer writes each
 * range and its checkpoint in one transaction, so a replica whose checkpoint is at block N holds every row up to N:
 * a request that needs block N (the web after its own transaction: `extensions.minBlock`) reads the replica once its
 * checkpoint is there, and the primary when the replica has not replayed it within `waitMs` (or fails).
 */
export function createReadRouter(parameters: CreateReadRouterParameters): ReadRouter {
  const { primary, replica, chainId, waitMs, metrics } = parameters
  const replicaBlock = async () =>
    replica ? ((await readCheckpoint(replica.pool, chainId))?.blockNumber ?? null) : null
  const reads = metrics.replicaReads

  return {
    async poolFor(minBlock) {
      if (!replica) return primary
      if (minBlock === undefined) {
        reads.inc({ via: 'replica' })
        return replica.pool
      }
      try {
        const at = await replicaBlock()
        if (at !== null && at >= minBlock) {
          reads.inc({ via: 'replica' })
          return replica.pool
        }
        const reached = await replica.waitFor(async () => ((await replicaBlock()) ?? -1n) >= minBlock, waitMs)
        reads.inc({ via: reached ? 'replica_after_wait' : 'primary' })
        return reached ? replica.pool : primary
      } catch (error) {
        parameters.onReplicaError?.(error)
        reads.inc({ via: 'primary' })
        return primary
      }
    },
    async replicaLag() {
      if (!replica) return null
      const [lag, at, primaryAt] = await Promise.all([
        replica.lag(),
        replicaBlock(),
        readCheckpoint(primary, chainId).then((checkpoint) => checkpoint?.blockNumber ?? null),
      ])
      const lagBlocks = primaryAt === null ? 0n : primaryAt - (at ?? -1n)
      metrics.replicaLagSeconds.set(lag.seconds)
      metrics.replicaLagBytes.set(lag.bytes)
      metrics.replicaLagBlocks.set(Number(lagBlocks))
      return { indexedBlock: at, lagBlocks, lagSeconds: lag.seconds, lagBytes: lag.bytes }
    },
  }
}
