import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import {
  createMigration,
  deployMigrations,
  diffMigrationsToSchema,
  migrationStatus,
  readMigrations,
} from './migrate.ts'
import { parseDatabaseUrl } from './parseDatabaseUrl.ts'
import { migrationsDir, schemaPath } from './paths.ts'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'

const committed: string[] = readdirSync(migrationsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

let db: TestDatabase
let scratch: string
beforeAll(async () => {
  db = await createTestDatabase(inject('databaseUrl'), 'migrate')
  scratch = mkdtempSync(join(tmpdir(), 'nexus-migrate-'))
})
afterAll(async () => {
  await db?.drop()
  rmSync(scratch, { recursive: true, force: true })
})

async function query<T extends pg.QueryResultRow>(sql: string, url = db.url): Promise<T[]> {
  const client = new pg.Client(parseDatabaseUrl(url))
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

describe('deployMigrations', () => {
  test('applies every committed migration to an empty database, in order', async () => {
    expect(committed.length).toBeGreaterThan(0)
    expect(await deployMigrations({ url: db.url })).toEqual(committed)
    const tables = await query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    )
    // The indexer's tables; the legacy API's are checked by its own tests.
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        '_prisma_migrations',
        'account_event',
        'action_log',
        'admin_action',
        'chain_block',
        'chain_checkpoint',
        'deferred_index',
        'event_log',
        'fomo_round_event',
        'legacy_login_nonce',
        'legacy_session',
        'legacy_user',
        'mint_record',
        'nft_transfer',
        'order_change',
        'order_record',
        'referral_path',
        'registration',
        'team_level',
        'token_burn',
      ]),
    )
    const recorded = await query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      'SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name',
    )
    expect(recorded.map((r) => r.migration_name)).toEqual(committed)
    for (const row of recorded) {
      expect(row.finished_at).toBeInstanceOf(Date)
      expect(row.rolled_back_at).toBeNull()
    }
  })

  test('is idempotent: a second run applies nothing and changes nothing', async () => {
    const before = await query('SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY 1')
    expect(await deployMigrations({ url: db.url })).toEqual([])
    expect(await query('SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY 1')).toEqual(
      before,
    )
  })

  test('concurrent runs on a fresh database take turns: each migration is applied once', async () => {
    const fresh = await createTestDatabase(inject('databaseUrl'), 'migrate_concurrent')
    try {
      const results = await Promise.all([deployMigrations({ url: fresh.url }), deployMigrations({ url: fresh.url })])
      expect(results.flat().sort()).toEqual(committed)
      const rows = await query<{ n: string }>('SELECT count(*) AS n FROM _prisma_migrations', fresh.url)
      expect(Number(rows[0]?.n)).toBe(committed.length)
    } finally {
      await fresh.drop()
    }
  })

  test('status reports the database up to date, and behind when a migration is missing', async () => {
    const status = await migrationStatus({ url: db.url })
    expect(status).toMatchObject({
      hasMigrationsTable: true,
      history: null,
      failedMigrationNames: [],
      editedMigrationNames: [],
    })

    const dir = join(scratch, 'behind')
    cpSync(migrationsDir, dir, { recursive: true })
    const extra = join(dir, '99991231000000_extra')
    cpSync(join(dir, committed[0] ?? ''), extra, { recursive: true })
    writeFileSync(join(extra, 'migration.sql'), 'CREATE TABLE "extra" ("id" INTEGER PRIMARY KEY);\n')
    const behind = await migrationStatus({ url: db.url, migrationsDir: dir })
    expect(behind.history).toEqual({
      diagnostic: 'databaseIsBehind',
      unappliedMigrationNames: ['99991231000000_extra'],
    })
  })

  test('refuses to run when an applied migration was edited', async () => {
    const dir = join(scratch, 'edited')
    cpSync(migrationsDir, dir, { recursive: true })
    const file = join(dir, committed[0] ?? '', 'migration.sql')
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- edited\n`)
    const status = await migrationStatus({ url: db.url, migrationsDir: dir })
    expect(status.editedMigrationNames).toEqual([committed[0]])
  })
})

describe('schema.prisma and the migrations', () => {
  test('agree: the diff from the committed migrations to the schema is empty', async () => {
    expect(await diffMigrationsToSchema({ url: inject('databaseUrl') })).toBe('')
  })

  test('a schema change shows up in the diff, and createMigration writes it as a new migration', async () => {
    const schema = join(scratch, 'schema.prisma')
    writeFileSync(
      schema,
      `${readFileSync(schemaPath, 'utf8')}\nmodel DriftProbe {\n  id Int @id\n  amount Decimal @db.Decimal(78, 0)\n\n  @@map("drift_probe")\n}\n`,
    )
    const sql = await diffMigrationsToSchema({ url: inject('databaseUrl'), schemaPath: schema })
    expect(sql).toContain('CREATE TABLE "drift_probe"')
    expect(sql).toContain('DECIMAL(78,0)')

    const dir = join(scratch, 'create')
    cpSync(migrationsDir, dir, { recursive: true })
    const folder = await createMigration({
      url: inject('databaseUrl'),
      schemaPath: schema,
      migrationsDir: dir,
      name: 'drift_probe',
    })
    if (!folder) throw new Error('createMigration wrote nothing')
    expect(folder).toMatch(/\/\d{14}_drift_probe$/)
    expect(readFileSync(join(folder, 'migration.sql'), 'utf8')).toBe(sql)
    expect(readMigrations(dir).migrationDirectories.map((d) => d.path)).toEqual([...committed, basename(folder)])
    // With the new migration in place, schema and migrations agree again: no second migration.
    expect(
      await createMigration({ url: inject('databaseUrl'), schemaPath: schema, migrationsDir: dir, name: 'again' }),
    ).toBeNull()
  })

  test('createMigration rejects names that are not lowercase identifiers', async () => {
    await expect(createMigration({ url: inject('databaseUrl'), name: 'Drop Table;' })).rejects.toThrow(/lowercase/)
  })
})
