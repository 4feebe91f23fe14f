import type { PoolClient } from '@nexus/db'
import { entityTables } from './tables.ts'

/** Tables whose secondary indexes a catch-up builds afterwards (not registration/referral_path: ingestion reads them). */
const deferrable = ['event_log', ...Object.keys(entityTables)]

/**
 * Drops the secondary indexes of the bulk tables before a long catch-up, remembering their DDL in
 * `deferred_index` in the same transaction (so a crash before {@link restoreIndexes} still rebuilds them at
 * the next start). Primary keys (the idempotency keys) and the block_number indexes (reorg rollback) stay.
 * @returns the names of the dropped indexes
 */
export async function deferIndexes(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     JOIN pg_class c ON c.relname = i.indexname
     JOIN pg_index x ON x.indexrelid = c.oid
     WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
       AND NOT x.indisprimary AND NOT x.indisunique AND i.indexname NOT LIKE '%block_number_idx'`,
    [deferrable],
  )
  if (!rows.length) return []
  await client.query('BEGIN')
  try {
    for (const { indexname, indexdef } of rows) {
      await client.query('INSERT INTO deferred_index (name, ddl) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        indexname,
        indexdef.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '),
      ])
      await client.query(`DROP INDEX IF EXISTS "${indexname.replaceAll('"', '""')}"`)
    }
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
  return rows.map((r) => r.indexname)
}

/** Rebuilds the indexes {@link deferIndexes} dropped (each, then its record). */
export async function restoreIndexes(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string; ddl: string }>(
    'SELECT name, ddl FROM deferred_index ORDER BY name',
  )
  for (const { name, ddl } of rows) {
    await client.query(ddl)
    await client.query('DELETE FROM deferred_index WHERE name = $1', [name])
  }
  return rows.map((r) => r.name)
}
