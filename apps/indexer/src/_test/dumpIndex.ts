import type { Database } from '@nexus/db'
import { entityTables } from '../store/tables.ts'

/** Every table the indexer writes (the raw logs, the referral tree, every entity and the derived totals). */
export const indexedTables = [
  'event_log',
  'registration',
  'referral_path',
  'team_member_count',
  ...Object.keys(entityTables),
  'account_order_total',
  'team_order_total',
]

/** Every indexed row and the checkpoint, table by table, in a stable order: two indexes of a chain compare equal. */
export async function dumpIndex(target: Pick<Database, 'pool'>) {
  const out: Record<string, unknown[]> = {}
  for (const table of indexedTables) {
    out[table] = (await target.pool.query(`SELECT * FROM ${table}`)).rows.map((row) => JSON.stringify(row)).sort()
  }
  out.checkpoint = (await target.pool.query('SELECT block_number, block_hash FROM chain_checkpoint')).rows
  return out
}

/** Empties every indexed table, the stored headers and the checkpoint (a clean index starts from here). */
export async function emptyIndex(target: Pick<Database, 'pool'>) {
  await target.pool.query(`TRUNCATE chain_block, chain_checkpoint, ${indexedTables.join(', ')}`)
}
