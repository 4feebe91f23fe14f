import type { PoolClient } from '@nexus/db'
import type { DecodedLog } from '../handlers/decodeLogs.ts'
import { BaseError } from '../internal/errors.ts'
import type { BlockHeader } from '../sync/types.ts'
import type { Checkpoint } from './getCheckpoint.ts'
import { rollbackTo, writeRange, type WriteOptions } from './writeRange.ts'

/** The checkpoint in the database is not the one the step was built on (another writer, or a lost update). */
export class StaleCheckpointError extends BaseError {
  override name = 'StaleCheckpointError'
}

/**
 * One step of the index, as one unit: where it starts (`expected`, the checkpoint the step was read against),
 * optionally the rollback of orphaned blocks down to their common ancestor (`rollbackTo`; null: everything), and
 * the range read on top of it (its logs and its last header, the new checkpoint).
 */
export type Step = {
  expected: Checkpoint | null
  rollbackTo?: BlockHeader | null
  range?: { logs: readonly DecodedLog[]; to: BlockHeader }
}

/**
 * Commits a step inside the caller's transaction: checks that the checkpoint is still `expected` (locking its
 * row), rolls back, writes the range and moves the checkpoint, all or nothing. A reorg's rollback, the new
 * checkpoint and the canonical range read again are thereby one commit: no reader (nor a crash) ever sees the
 * rollback without the re-fetched blocks, nor a checkpoint that moved without its rows.
 * @throws StaleCheckpointError when the stored checkpoint differs from `expected`
 */
export async function commitStep(client: PoolClient, chainId: number, step: Step, options: WriteOptions = {}) {
  const { rows } = await client.query<{ block_number: string; block_hash: string }>(
    'SELECT block_number::text, block_hash FROM chain_checkpoint WHERE chain_id = $1 FOR UPDATE',
    [chainId],
  )
  const stored = rows[0] ? { blockNumber: BigInt(rows[0].block_number), blockHash: rows[0].block_hash } : null
  const { expected } = step
  if (stored?.blockNumber !== expected?.blockNumber || stored?.blockHash !== expected?.blockHash) {
    throw new StaleCheckpointError('the checkpoint moved under the step', {
      details: `expected ${expected?.blockNumber ?? 'none'} ${expected?.blockHash ?? ''}, found ${
        stored?.blockNumber ?? 'none'
      } ${stored?.blockHash ?? ''}`,
    })
  }
  if (step.rollbackTo !== undefined) await rollbackTo(client, chainId, step.rollbackTo)
  if (step.range) await writeRange(client, chainId, step.range.logs, step.range.to, options)
}
