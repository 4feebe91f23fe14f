import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { createDatabase, type Database } from './createDatabase.ts'
import { schemaPath } from './paths.ts'
import { tableColumnsModule, tableColumnsOf } from './tableColumns.ts'
import { createTestDatabase, type TestDatabase } from './testing/createTestDatabase.ts'
import { migratedColumns } from './testing/migratedColumns.ts'
import { generatedTablesPath } from './writeGeneratedTables.ts'

const schema = readFileSync(schemaPath, 'utf8')

let testDb: TestDatabase
let db: Database

beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'table_columns')
  db = await createDatabase({ url: testDb.url })
})

afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

test('generated/tables.ts is what schema.prisma gives now (db:generate ran after the last schema change)', () => {
  expect(readFileSync(generatedTablesPath, 'utf8')).toBe(tableColumnsModule(schema))
})

test("every table's columns and types are those of the migrated database", async () => {
  const database = await migratedColumns(db)
  const fromSchema = tableColumnsOf(schema)
  expect(Object.keys(fromSchema).sort()).toEqual(Object.keys(database).sort())
  for (const [table, columns] of Object.entries(fromSchema)) {
    // Same columns and types; the order is compared as sets (a migration that adds a column appends it).
    expect({ table, columns: Object.entries(columns).sort() }).toEqual({
      table,
      columns: Object.entries(database[table] ?? {}).sort(),
    })
  }
})

test('a model without a column type mapping is refused, not skipped', () => {
  expect(() => tableColumnsOf('model A {\n  id Int @id\n  f Float\n}\n')).toThrow(/A\.f: no column type/)
})
