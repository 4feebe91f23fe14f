import type { Database } from '../createDatabase.ts'

/** PostgreSQL's `udt_name` of a column, as the schema's column types name it. */
const udtTypes: Record<string, string> = {
  int4: 'int',
  int8: 'bigint',
  numeric: 'numeric',
  text: 'text',
  bool: 'boolean',
  jsonb: 'jsonb',
  timestamptz: 'timestamptz',
  _text: 'text[]',
}

/**
 * The columns of every table of the migrated database (Prisma's migrations table and the views left out), in column order, each
 * with its type as `tableColumns` names it (`int`, `bigint`, `text[]`…): what tests compare the schema's lists with.
 */
export async function migratedColumns(db: Database): Promise<Record<string, Record<string, string>>> {
  const { rows } = await db.pool.query<{ table_name: string; column_name: string; udt_name: string }>(
    `SELECT c.table_name, c.column_name, c.udt_name FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> '_prisma_migrations'
     ORDER BY c.table_name, c.ordinal_position`,
  )
  const tables: Record<string, Record<string, string>> = {}
  for (const row of rows) (tables[row.table_name] ??= {})[row.column_name] = udtTypes[row.udt_name] ?? row.udt_name
  return tables
}
