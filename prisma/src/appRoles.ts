import type { Pool } from 'pg'
import { readViews, tableOwners, type TableOwner } from './tableOwners.ts'

/** One database role per app (a deployment's names, e.g. `{ indexer: 'nexus_indexer', ... }`). */
export type AppRoles = Record<TableOwner, string>

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Gives each app's role what docs/database.md says it may do, and nothing more: it owns its tables (and their
 * sequences, and the views it publishes), so it alone writes them (the indexer, which drops and rebuilds its
 * secondary indexes, may also create in the schema); it reads another app's data only through the views the map names it a reader
 * of (SELECT, and UPDATE on a view it locks rows through, FOR SHARE: the keeper's claim of a withdrawal; such a view
 * joins tables, so it cannot be written through). Run as a superuser (or the tables' current owner) after the
 * migrations, which create new tables under the migrating role: the roles must exist (LOGIN, no other grants).
 */
export async function assignAppRoles(pool: Pool, roles: AppRoles): Promise<void> {
  const statements: string[] = []
  for (const role of Object.values(roles)) {
    statements.push(`GRANT USAGE ON SCHEMA public TO ${quote(role)}`)
    // a service started with DATABASE_MIGRATE=false checks that the migrations it needs are applied
    statements.push(`GRANT SELECT ON "_prisma_migrations" TO ${quote(role)}`)
  }
  // Creating an index needs CREATE in the schema: the indexer drops and rebuilds its secondary indexes around a long
  // catch-up (deferred_index). The other apps create nothing.
  statements.push(`GRANT CREATE ON SCHEMA public TO ${quote(roles.indexer)}`)
  for (const [table, owner] of Object.entries(tableOwners)) {
    statements.push(`ALTER TABLE ${quote(table)} OWNER TO ${quote(roles[owner])}`)
  }
  for (const [view, { owner, readers, ...rest }] of Object.entries(readViews)) {
    statements.push(`ALTER VIEW ${quote(view)} OWNER TO ${quote(roles[owner])}`)
    const lockedBy: readonly TableOwner[] = 'lockedBy' in rest ? rest.lockedBy : []
    for (const reader of readers) {
      statements.push(
        `GRANT SELECT${lockedBy.includes(reader) ? ', UPDATE' : ''} ON ${quote(view)} TO ${quote(roles[reader])}`,
      )
    }
  }
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    for (const statement of statements) await client.query(statement)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
