import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, migratedColumns, type TestDatabase } from '@nexus/db/testing'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { handleLogs } from '../handlers/handleLogs.ts'
import { entityTables, eventLogColumns, rollbackTables } from './tables.ts'

let testDb: TestDatabase
let db: Database

beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'indexer_tables')
  db = await createDatabase({ url: testDb.url })
})

afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0)

async function databaseColumns(table: string): Promise<[string, string][]> {
  return Object.entries((await migratedColumns(db))[table] ?? {}).sort(byName)
}

test('the entity tables the bulk writer casts to are the migrated tables, column for column and type for type', async () => {
  for (const [table, columns] of Object.entries(entityTables)) {
    const expected = Object.entries({ chain_id: 'int', ...columns } as Record<string, string>).sort(byName)
    expect({ table, columns: await databaseColumns(table) }).toEqual({ table, columns: expected })
  }
  expect((await databaseColumns('event_log')).map(([name]) => name)).toEqual(
    [...eventLogColumns].sort((a, b) => (a < b ? -1 : 1)),
  )
})

test('every table a reorg rolls back carries chain_id and block_number', async () => {
  for (const table of rollbackTables) {
    const names = (await databaseColumns(table)).map(([name]) => name)
    expect({ table, names }).toEqual({ table, names: expect.arrayContaining(['chain_id', 'block_number']) })
  }
})

test('a range without logs produces an empty row list for every entity table', () => {
  expect(Object.keys(handleLogs([])).sort()).toEqual(Object.keys(entityTables).sort())
})
