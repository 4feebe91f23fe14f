// One owner per table (tableOwners.ts, docs/database.md): no app writes a table it does not own, or reads another
// app's table other than through that app's views; no trigger or function of one owner writes another's table.
// Checked on the apps' sources (SQL in string literals and Prisma calls, read with TypeScript's parser) and on the
// migrated database (its tables, views, triggers and functions).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createDatabase, type Database } from './createDatabase.ts'
import { repoRoot, schemaPath } from './paths.ts'
import { ownershipExceptions, readViews, tableOwners, type TableOwner } from './tableOwners.ts'
import { createTestDatabase, type TestDatabase } from './testing/createTestDatabase.ts'

const owners = tableOwners as Record<string, TableOwner>
const viewOwners = readViews as Record<
  string,
  { owner: TableOwner; over: readonly string[]; readers: readonly TableOwner[] }
>
const apps: readonly TableOwner[] = ['indexer', 'legacy-api', 'keeper']

/** Statements that write the table named after them (`TRUNCATE a, b` names several). */
const writeStatement =
  /\b(?:insert\s+into|update|delete\s+from|copy|truncate(?:\s+table)?|alter\s+table|create\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?"?\w+"?\s+on)\s+(?:only\s+)?("?[a-z_][a-z0-9_]*"?(?:\s*,\s*"?[a-z_][a-z0-9_]*"?)*)/gi

/** The known tables a piece of SQL writes. */
function writtenTables(sql: string): string[] {
  const written: string[] = []
  for (const match of sql.matchAll(writeStatement)) {
    for (const name of (match[1] ?? '').split(',')) {
      const table = name.trim().replaceAll('"', '').toLowerCase()
      if (table in owners) written.push(table)
    }
  }
  return written
}

/** The known tables a piece of SQL names at all (reads and writes). */
function namedTables(sql: string): string[] {
  return Object.keys(owners).filter((table) => new RegExp(`(?<![\\w.])"?${table}"?(?![\\w])`, 'i').test(sql))
}

/** Prisma's model delegates (`prisma.legacyUser`) and the table each maps to. */
const delegates = new Map(
  [...readFileSync(schemaPath, 'utf8').matchAll(/^model (\w+) \{[\s\S]*?@@map\("(\w+)"\)[\s\S]*?^\}/gm)].map(
    ([, model = '', table = '']) => [model.charAt(0).toLowerCase() + model.slice(1), table],
  ),
)
const prismaOperations = new Set([
  ...['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy'],
  ...['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert'],
  ...['delete', 'deleteMany'],
])

type Access = { file: string; table: string; kind: 'write' | 'read'; via: string }

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === '_test' || name === 'generated' ? [] : sourceFiles(path)
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : []
  })
}

/** Every table access of an app's sources (tests and their helpers left out: they stand in for the other apps). */
function accessesOf(app: TableOwner): { accesses: Access[]; sql: string[] } {
  const accesses: Access[] = []
  const sql: string[] = []
  for (const path of sourceFiles(join(repoRoot, 'apps', app, 'src'))) {
    const file = relative(repoRoot, path)
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node) => {
      let text: string | undefined
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text
      else if (ts.isTemplateExpression(node)) {
        text = node.head.text + node.templateSpans.map((span) => ` $x ${span.literal.text}`).join('')
      }
      if (text !== undefined) {
        sql.push(text)
        const written = writtenTables(text)
        for (const table of written) accesses.push({ file, table, kind: 'write', via: 'SQL' })
        for (const table of namedTables(text)) {
          if (!written.includes(table)) accesses.push({ file, table, kind: 'read', via: 'SQL' })
        }
      }
      const table =
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isPropertyAccessExpression(node.expression.expression) &&
        prismaOperations.has(node.expression.name.text)
          ? delegates.get(node.expression.expression.name.text)
          : undefined
      if (table && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const operation = node.expression.name.text
        accesses.push({
          file,
          table,
          kind: /^(find|count|aggregate|groupBy)/.test(operation) ? 'read' : 'write',
          via: `Prisma ${operation}`,
        })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return { accesses, sql }
}

const allowed = (app: TableOwner, table: string) =>
  owners[table] === app || ownershipExceptions.some((e) => e.app === app && e.table === table)

let testDb: TestDatabase
let db: Database
/** Every function of the public schema: its source and the tables it writes, with those of the functions it calls. */
let functionWrites: Map<string, string[]>
/** Every function of the public schema and its source. */
let functionSources: Map<string, string>

beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'table_owners')
  db = await createDatabase({ url: testDb.url })
  const { rows } = await db.pool.query<{ name: string; source: string }>(
    `SELECT p.proname AS name, p.prosrc AS source FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public'`,
  )
  functionSources = new Map(rows.map((row) => [row.name, row.source]))
  const direct = new Map(rows.map((row) => [row.name, writtenTables(row.source)]))
  const calls = new Map(
    rows.map((row) => [
      row.name,
      rows.filter((other) => new RegExp(`\\b${other.name}\\s*\\(`).test(row.source)).map((other) => other.name),
    ]),
  )
  const closure = (name: string, seen = new Set<string>()): string[] => {
    if (seen.has(name)) return []
    seen.add(name)
    return [...(direct.get(name) ?? []), ...(calls.get(name) ?? []).flatMap((callee) => closure(callee, seen))]
  }
  functionWrites = new Map(rows.map((row) => [row.name, [...new Set(closure(row.name))].sort()]))
})

afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

describe('the migrated database', () => {
  test('every table has exactly one owner in the map, and every view of the read interface exists', async () => {
    const { rows } = await db.pool.query<{ name: string; type: string }>(
      `SELECT table_name AS name, table_type AS type FROM information_schema.tables
       WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    )
    expect(
      rows
        .filter((r) => r.type === 'BASE TABLE')
        .map((r) => r.name)
        .sort(),
    ).toEqual(Object.keys(owners).sort())
    expect(
      rows
        .filter((r) => r.type === 'VIEW')
        .map((r) => r.name)
        .sort(),
    ).toEqual(Object.keys(viewOwners).sort())
  })

  test("each view reads only its owner's tables", async () => {
    const { rows } = await db.pool.query<{ view: string; table: string }>(
      `SELECT view_name AS view, table_name AS table FROM information_schema.view_table_usage
       WHERE view_schema = 'public'`,
    )
    for (const [view, { owner, over }] of Object.entries(viewOwners)) {
      const reads = rows
        .filter((r) => r.view === view)
        .map((r) => r.table)
        .sort()
      expect({ view, reads }).toEqual({ view, reads: [...over].sort() })
      for (const table of over) expect({ view, table, owner: owners[table] }).toEqual({ view, table, owner })
    }
  })

  test("a trigger writes only tables of its table's owner, and no function writes two owners' tables", async () => {
    const { rows } = await db.pool.query<{ trigger: string; table: string; function: string }>(
      `SELECT t.tgname AS trigger, c.relname AS table, p.proname AS function FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid WHERE NOT t.tgisinternal`,
    )
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      const written = functionWrites.get(row.function) ?? []
      expect({ ...row, writesOthers: written.filter((table) => owners[table] !== owners[row.table]) }).toEqual({
        ...row,
        writesOthers: [],
      })
    }
    for (const [name, written] of functionWrites) {
      expect({ function: name, owners: [...new Set(written.map((table) => owners[table]))].length <= 1 }).toEqual({
        function: name,
        owners: true,
      })
    }
  })

  test('the old cross-owner triggers would have failed this check (the check can fail)', () => {
    // legacy_team_rows_added writes legacy tables: a trigger of referral_path calling it is what the check catches.
    expect(functionWrites.get('legacy_team_rows_added')).toEqual(['legacy_team_machine', 'legacy_team_total'])
    expect(owners.referral_path).not.toBe(owners.legacy_team_machine)
  })
})

describe("the apps' sources", () => {
  test.each(apps)('%s writes only its own tables and reads others only through views', (app) => {
    const { accesses, sql } = accessesOf(app)
    const violations = accesses
      .filter((access) => !allowed(app, access.table))
      .map((access) => `${access.file}: ${access.kind} of ${access.table} (${access.via})`)
    // Functions it calls write its own tables only.
    for (const [name, written] of functionWrites) {
      if (!sql.some((text) => new RegExp(`\\b${name}\\s*\\(`).test(text))) continue
      for (const table of written.filter((table) => !allowed(app, table))) {
        violations.push(`calls ${name}(), which writes ${table}`)
      }
    }
    expect(violations).toEqual([])
    // It does write and read something (the scan sees its code at all).
    expect(accesses.some((access) => access.kind === 'write')).toBe(true)
  })

  test("every view is read by each of its readers: the reader's sources or its functions", () => {
    for (const [view, { owner, readers }] of Object.entries(viewOwners)) {
      expect(readers).not.toContain(owner)
      for (const reader of readers) {
        const prefix = reader === 'legacy-api' ? 'legacy_' : `${reader}_`
        const used =
          accessesOf(reader).sql.some((text) => text.includes(view)) ||
          [...functionSources].some(([name, source]) => name.startsWith(prefix) && source.includes(view))
        expect({ view, reader, used }).toEqual({ view, reader, used: true })
      }
    }
  })

  test('every exception is still needed', () => {
    for (const exception of ownershipExceptions) {
      const { accesses } = accessesOf(exception.app)
      expect({ ...exception, used: accesses.some((access) => access.table === exception.table) }).toMatchObject({
        used: true,
      })
    }
  })

  test("the scan finds a write to another app's table (the check can fail)", () => {
    expect(writtenTables('INSERT INTO legacy_team_total (chain_id) VALUES (1)')).toEqual(['legacy_team_total'])
    expect(writtenTables('TRUNCATE event_log, "registration", referral_path')).toEqual([
      'event_log',
      'registration',
      'referral_path',
    ])
    expect(writtenTables('ON CONFLICT (chain_id) DO UPDATE SET amount = 1')).toEqual([])
    expect(namedTables('SELECT 1 FROM registration r JOIN indexer_referral_path p ON true')).toEqual(['registration'])
  })
})

test('docs/database.md lists every table with its owner and every view', () => {
  const docs = readFileSync(join(repoRoot, 'docs', 'database.md'), 'utf8')
  for (const [table, owner] of Object.entries(owners)) {
    expect({ table, listed: new RegExp(`^\\| \`${table}\` +\\| ${owner} +\\|`, 'm').test(docs) }).toEqual({
      table,
      listed: true,
    })
  }
  for (const view of Object.keys(viewOwners)) expect(docs).toContain(`\`${view}\``)
})
