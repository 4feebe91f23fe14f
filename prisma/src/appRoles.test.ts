// Per-app database roles (docs/database.md "Per-app roles") on a real PostgreSQL: after assignAppRoles, each app's
// role writes its own tables and no other app's, reads no other app's table, and reads exactly the views the owner
// map names it a reader of (and its own). Each privilege is tried by a statement the server checks before it looks
// at a row (`WHERE false`), so nothing is written.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { assignAppRoles, type AppRoles } from './appRoles.ts'
import { verifyMigrations } from './migrate.ts'
import { createDatabase, type Database } from './createDatabase.ts'
import { parseDatabaseUrl } from './parseDatabaseUrl.ts'
import { readViews, tableOwners, type TableOwner } from './tableOwners.ts'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'

const apps: readonly TableOwner[] = ['indexer', 'legacy-api', 'keeper']
const roles: AppRoles = {
  indexer: `nexus_indexer_${process.pid}`,
  'legacy-api': `nexus_legacy_${process.pid}`,
  keeper: `nexus_keeper_${process.pid}`,
}
let testDb: TestDatabase
let db: Database
let admin: pg.Client
const clients = new Map<TableOwner, pg.Client>()
/** The first column of each table (an UPDATE names one). */
let firstColumn: Map<string, string>

beforeAll(async () => {
  admin = new pg.Client(parseDatabaseUrl(inject('databaseUrl')))
  await admin.connect()
  for (const role of Object.values(roles)) await admin.query(`CREATE ROLE "${role}" LOGIN`)
  testDb = await createTestDatabase(inject('databaseUrl'), 'app_roles')
  db = await createDatabase({ url: testDb.url })
  await assignAppRoles(db.pool, roles)
  const { rows } = await db.pool.query<{ table: string; column: string }>(
    `SELECT table_name AS table, column_name AS column FROM information_schema.columns
     WHERE table_schema = 'public' AND ordinal_position = 1`,
  )
  firstColumn = new Map(rows.map((row) => [row.table, row.column]))
  for (const app of apps) {
    const url = new URL(testDb.url)
    url.username = roles[app]
    url.password = ''
    const client = new pg.Client(parseDatabaseUrl(url.toString()))
    await client.connect()
    clients.set(app, client)
  }
})

afterAll(async () => {
  for (const client of clients.values()) await client.end()
  await db?.close()
  await testDb?.drop()
  for (const role of Object.values(roles)) await admin?.query(`DROP ROLE IF EXISTS "${role}"`)
  await admin?.end()
})

/** Runs `sql` as `app`'s role: 'ok', or the SQLSTATE it failed with. */
async function as(app: TableOwner, sql: string): Promise<string> {
  const client = clients.get(app)
  if (!client) throw new Error(`no client of ${app}`)
  try {
    await client.query(sql)
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

const writes = (table: string) => {
  const column = firstColumn.get(table) ?? 'id'
  return {
    insert: `INSERT INTO "${table}" SELECT * FROM "${table}" WHERE false`,
    update: `UPDATE "${table}" SET "${column}" = "${column}" WHERE false`,
    delete: `DELETE FROM "${table}" WHERE false`,
    truncate: `TRUNCATE "${table}" CASCADE`,
  }
}

describe('each app’s role', () => {
  test.each(apps)('%s writes its own tables and no other app’s; reads none of theirs', async (app) => {
    const outcome: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const [table, owner] of Object.entries(tableOwners)) {
      const own = owner === app
      for (const [kind, sql] of Object.entries(writes(table))) {
        // TRUNCATE of an own table is checked on an empty copy only: the other apps' rows stay
        if (kind === 'truncate' && own) continue
        outcome[`${kind} ${table}`] = await as(app, sql)
        expected[`${kind} ${table}`] = own ? 'ok' : '42501'
      }
      outcome[`select ${table}`] = await as(app, `SELECT * FROM "${table}" WHERE false`)
      expected[`select ${table}`] = own ? 'ok' : '42501'
    }
    expect(outcome).toEqual(expected)
    // The indexer owns its tables and may index them (it defers and rebuilds its secondary indexes); the others
    // create nothing in the schema.
    const own = Object.entries(tableOwners).find(([, owner]) => owner === app)?.[0] ?? ''
    const index = `app_roles_${app.replace('-', '_')}`
    expect(await as(app, `CREATE INDEX "${index}" ON "${own}" ("${firstColumn.get(own)}")`)).toBe(
      app === 'indexer' ? 'ok' : '42501',
    )
    if (app === 'indexer') expect(await as(app, `DROP INDEX "${index}"`)).toBe('ok')
  })

  test.each(apps)('%s reads the views it is a documented reader of (and its own), no others', async (app) => {
    const outcome: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const [view, { owner, readers }] of Object.entries(readViews)) {
      outcome[view] = await as(app, `SELECT * FROM "${view}" WHERE false`)
      expected[view] = owner === app || (readers as readonly TableOwner[]).includes(app) ? 'ok' : '42501'
    }
    expect(outcome).toEqual(expected)
  })

  test('rows written by an app’s role: its sequences are its own', async () => {
    const client = clients.get('keeper')
    await client?.query('BEGIN')
    try {
      expect(
        await as('keeper', `INSERT INTO keeper_work (job, work_key, updated_at) VALUES ('t', 'app-roles', now())`),
      ).toBe('ok')
      expect(
        await as('legacy-api', `INSERT INTO keeper_work (job, work_key, updated_at) VALUES ('t', 'x', now())`),
      ).toBe('42501')
    } finally {
      await client?.query('ROLLBACK')
    }
  })

  test('the keeper locks a withdrawal request through the view (its claim), and cannot write through it', async () => {
    expect(await as('keeper', 'SELECT id FROM legacy_withdrawal_request WHERE false FOR SHARE')).toBe('ok')
    expect(await as('keeper', 'UPDATE legacy_withdrawal_request SET status = status WHERE false')).not.toBe('ok')
    expect(await as('keeper', 'DELETE FROM legacy_withdrawal_request WHERE false')).not.toBe('ok')
    // the indexer, not a reader of it, may not lock it
    expect(await as('indexer', 'SELECT id FROM legacy_withdrawal_request WHERE false FOR SHARE')).toBe('42501')
  })

  test.each(apps)(
    '%s reads the migration history (DATABASE_MIGRATE=false checks it) and cannot change it',
    async (app) => {
      expect(await as(app, 'SELECT migration_name FROM _prisma_migrations WHERE false')).toBe('ok')
      for (const sql of Object.values(writes('_prisma_migrations'))) expect(await as(app, sql), sql).toBe('42501')
      const url = new URL(testDb.url)
      url.username = roles[app]
      url.password = ''
      await expect(verifyMigrations({ url: url.toString() })).resolves.toBeUndefined()
    },
  )
})
