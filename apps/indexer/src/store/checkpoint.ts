import type { Pool, PoolClient } from '@nexus/db'

/** The highest block of a chain whose events are all written, and its hash. */
export type Checkpoint = { blockNumber: bigint; blockHash: string }

/**
 * Reads the checkpoint of `chainId` (null before the first range): the one way both the indexer and its status
 * read it. With `forUpdate` (inside a transaction) its row stays locked until the transaction ends.
 */
export async function readCheckpoint(
  db: Pick<Pool | PoolClient, 'query'>,
  chainId: number,
  { forUpdate = false } = {},
): Promise<Checkpoint | null> {
  const { rows } = await db.query<{ block_number: string; block_hash: string }>(
    `SELECT block_number::text, block_hash FROM chain_checkpoint WHERE chain_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [chainId],
  )
  const row = rows[0]
  return row ? { blockNumber: BigInt(row.block_number), blockHash: row.block_hash } : null
}
