import { once } from 'node:events'
import type { PoolClient } from '@nexus/db'
import { from as copyFrom } from 'pg-copy-streams'

/** A cell of COPY's text format: null, or a value turned into text. */
export type CopyCell = string | number | bigint | boolean | null

// COPY text format: backslash, tab, newline and carriage return are escaped; \N is null.
const special = /[\\\t\n\r]/
const escapeText = (text: string) =>
  special.test(text)
    ? text.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r')
    : text

const cellText = (value: CopyCell) =>
  value === null ? '\\N' : typeof value === 'boolean' ? (value ? 't' : 'f') : escapeText(String(value))

/** Connections that already have a given staging table (temporary tables live as long as the connection). */
const staged = new WeakMap<object, Set<string>>()

/**
 * Inserts `rows` (one array of cells per row, in `columns` order) into `table`.
 * - `direct: true`: one COPY straight into the table (the fastest path: every row is written once). A row whose
 *   key is already there fails the whole COPY with a unique violation (`23505`): the caller, which knows that
 *   nothing of the range can be there yet, catches it and writes again without `direct`.
 * - otherwise: COPY into a temporary staging table (no WAL, no array parsing), then one `INSERT ... SELECT ...
 *   ON CONFLICT DO NOTHING`, skipping rows whose key is there; `returning` columns of the rows it inserted are
 *   returned.
 * @dev Runs inside the caller's transaction: the staging table empties itself at commit (ON COMMIT DELETE ROWS).
 * `columns` are trusted identifiers from the indexer's own table list, never input.
 */
export async function copyRows(
  client: PoolClient,
  table: string,
  columns: readonly string[],
  rows: CopyCell[][],
  options: { direct?: boolean; returning?: string } = {},
): Promise<Record<string, unknown>[]> {
  if (!rows.length) return []
  const quoted = columns.map((c) => `"${c}"`).join(', ')
  if (options.direct) {
    await copyInto(client, `${table} (${quoted})`, rows)
    return []
  }
  const stage = `stage_${table}`
  let tables = staged.get(client)
  if (!tables) staged.set(client, (tables = new Set()))
  if (!tables.has(stage)) {
    await client.query(
      `CREATE TEMPORARY TABLE IF NOT EXISTS ${stage} (LIKE ${table} INCLUDING DEFAULTS) ON COMMIT DELETE ROWS`,
    )
    tables.add(stage)
  }
  await copyInto(client, `${stage} (${quoted})`, rows)
  const inserted = await client.query(
    `INSERT INTO ${table} (${quoted}) SELECT ${quoted} FROM ${stage} ON CONFLICT DO NOTHING` +
      (options.returning ? ` RETURNING ${options.returning}` : ''),
  )
  return inserted.rows as Record<string, unknown>[]
}

/** One COPY ... FROM STDIN of `rows` in text format, sent in chunks of about 1 MB (few writes, bounded memory). */
async function copyInto(client: PoolClient, target: string, rows: CopyCell[][]) {
  const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`))
  let chunk = ''
  for (const row of rows) {
    let line = cellText(row[0] ?? null)
    for (let i = 1; i < row.length; i++) line += '\t' + cellText(row[i] ?? null)
    chunk += line + '\n'
    if (chunk.length > 1 << 20) {
      if (!stream.write(chunk)) await once(stream, 'drain')
      chunk = ''
    }
  }
  stream.end(chunk)
  await once(stream, 'finish')
}

/** Forgets the staging tables of a connection whose transaction rolled back (it took their creation with it). */
export function forgetStaging(client: PoolClient) {
  staged.delete(client)
}
