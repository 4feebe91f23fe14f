import type { Database, PoolClient } from '@nexus/db'
import type { DecodedLog } from '../handlers/decodeLogs.ts'
import { BaseError } from '../internal/errors.ts'
import type { BlockHeader } from '../sync/types.ts'
import { readCheckpoint, type Checkpoint } from './checkpoint.ts'
import { forgetStaging } from './copyRows.ts'
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
 * Commits a step inside the caller's transaction: checks the writer's lease (`options.fence`) and that the
 * checkpoint is still `expected` (locking its row), rolls back, writes the range and moves the checkpoint, all or nothing. A reorg's rollback, the new
 * checkpoint and the canonical range read again are thereby one commit: no reader (nor a crash) ever sees the
 * rollback without the re-fetched blocks, nor a checkpoint that moved without its rows.
 * @throws StaleCheckpointError when the stored checkpoint differs from `expected`
 */
export async function commitStep(client: PoolClient, chainId: number, step: Step, options: WriteOptions = {}) {
  await options.fence?.(client)
  const stored = await readCheckpoint(client, chainId, { forUpdate: true })
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

/**
 * Commits a step in its own transaction (see {@link commitStep}).
 * @dev synchronous_commit off: a PostgreSQL crash may lose the last committed steps, but rows and checkpoint
 * together (one transaction), so the indexer simply reads those blocks again. It never half-writes a step.
 */
export async function commit(
  db: Pick<Database, 'pool' | 'kind'>,
  chainId: number,
  step: Step,
  options: WriteOptions = {},
) {
  const client = await db.pool.connect()
  try {
    await client.query(db.kind === 'pglite' ? 'BEGIN' : 'BEGIN; SET LOCAL synchronous_commit = off')
    await commitStep(client, chainId, step, options)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    forgetStaging(client)
    throw error
  } finally {
    client.release()
  }
}
