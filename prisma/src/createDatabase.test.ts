import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createDatabase, withEveryConnection } from './createDatabase.ts'
import { DatabaseNotMigratedError, readMigrations } from './migrate.ts'
import { parseDatabaseUrl } from './parseDatabaseUrl.ts'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'

let testDb: TestDatabase
let admin: pg.Client
beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'create_database')
  admin = new pg.Client(parseDatabaseUrl(inject('databaseUrl')))
  await admin.connect()
})
afterAll(async () => {
  await admin?.end()
  await testDb?.drop()
})

/** Connections the server has open to the test database (the admin client is on another database). */
async function serverConnections(role = 'postgres'): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND usename = $2`,
    [testDb.name, role],
  )
  return rows[0]?.n ?? -1
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** The server ends a backend shortly after its client hangs up: its row can outlive `pool.end()` by a moment. */
async function settledConnections(role?: string): Promise<number> {
  for (let waited = 0; ; waited += 20) {
    const count = await serverConnections(role)
    if (count === 0 || waited >= 2_000) return count
    await sleep(20)
  }
}

describe("createDatabase: migrate 'verify' (a service under a per-app role, DATABASE_MIGRATE=false)", () => {
  test('refuses a database that lacks migrations, naming them, and applies nothing; opens a migrated one', async () => {
    const committed = readMigrations().migrationDirectories.map((entry) => entry.path)
    expect(committed.length).toBeGreaterThan(3)
    const empty = await createTestDatabase(inject('databaseUrl'), 'verify_migrations')
    try {
      const refused = await createDatabase({ url: empty.url, migrate: 'verify' }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(refused).toBeInstanceOf(DatabaseNotMigratedError)
      expect((refused as DatabaseNotMigratedError).missing).toEqual(committed)
      expect((refused as Error).message).toContain('node scripts/migrate.ts deploy')
      const tables = async (url: string) => {
        const client = new pg.Client(parseDatabaseUrl(url))
        await client.connect()
        try {
          const { rows } = await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
          )
          return rows[0]?.n
        } finally {
          await client.end()
        }
      }
      expect(await tables(empty.url)).toBe(0)
      // migrated as the migrating role: verify opens it and applies nothing
      await (await createDatabase({ url: empty.url })).close()
      const db = await createDatabase({ url: empty.url, migrate: 'verify' })
      try {
        expect(db.appliedMigrations).toEqual([])
        // one migration's record gone: refused, naming exactly that one
        const last = committed.at(-1) as string
        await db.pool.query(`DELETE FROM _prisma_migrations WHERE migration_name = $1`, [last])
      } finally {
        await db.close()
      }
      const again = await createDatabase({ url: empty.url, migrate: 'verify' }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect((again as DatabaseNotMigratedError).missing).toEqual([committed.at(-1)])
    } finally {
      await empty.drop()
    }
  })
})

describe('createDatabase: the pool', () => {
  test('kept connections are all open on return and stay open past the idle timeout', async () => {
    const db = await createDatabase({ url: testDb.url, poolSize: 4, keepConnections: true, idleTimeoutMs: 50 })
    try {
      expect(db.pool.totalCount).toBe(4)
      expect(await serverConnections()).toBe(4)
      await Promise.all(Array.from({ length: 6 }, () => db.pool.query('SELECT pg_sleep(0.01)')))
      await sleep(300)
      expect(db.pool.totalCount).toBe(4)
      expect(db.pool.idleCount).toBe(4)
      expect(await serverConnections()).toBe(4)
    } finally {
      await db.close()
    }
    expect(await settledConnections()).toBe(0)
  })

  test('without keepConnections, connections open on demand and idle ones close after the timeout', async () => {
    const db = await createDatabase({ url: testDb.url, poolSize: 4, idleTimeoutMs: 50, migrate: false })
    try {
      expect(db.pool.totalCount).toBe(0)
      // three callers at once get three connections; they are held until all three are in, so that none goes idle
      // (and closes after the short timeout) while a slow machine still opens the others
      const clients = await Promise.all(Array.from({ length: 3 }, () => db.pool.connect()))
      expect(db.pool.totalCount).toBe(3)
      expect(await serverConnections()).toBe(3)
      for (const client of clients) client.release()
      await sleep(300)
      expect(db.pool.totalCount).toBe(0)
      expect(await serverConnections()).toBe(0)
    } finally {
      await db.close()
    }
  })

  test('when not every kept connection can open, createDatabase fails and leaves none open', async () => {
    const role = `limited_${Date.now()}`
    await admin.query(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT 2`)
    try {
      const url = new URL(testDb.url)
      url.username = role
      await expect(
        createDatabase({ url: url.toString(), poolSize: 3, keepConnections: true, migrate: false }),
      ).rejects.toThrow(/too many connections/)
      expect(await settledConnections(role)).toBe(0)
    } finally {
      await admin.query(`DROP ROLE ${role}`)
    }
  })

  test('withEveryConnection runs on that many different connections, and gives all back when one fails', async () => {
    const db = await createDatabase({ url: testDb.url, poolSize: 3, keepConnections: true, migrate: false })
    try {
      const backends: number[] = []
      await withEveryConnection(db.pool, 3, async (client) => {
        backends.push((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0)
      })
      expect(new Set(backends).size).toBe(3)
      let calls = 0
      await expect(
        withEveryConnection(db.pool, 3, async (client) => {
          calls += 1
          if (calls === 2) throw new Error('second one failed')
          await client.query('SELECT 1')
        }),
      ).rejects.toThrow('second one failed')
      expect(calls).toBe(3)
      for (const count of [-1, 1.5, Number.NaN]) {
        await expect(withEveryConnection(db.pool, count)).rejects.toThrow(/^count: /)
      }
      expect(db.pool.idleCount).toBe(3)
      expect(db.pool.waitingCount).toBe(0)
    } finally {
      await db.close()
    }
    expect(await settledConnections()).toBe(0)
  })

  test.each([
    ['poolSize', { poolSize: 0 }],
    ['poolSize', { poolSize: 1.5 }],
    ['poolSize', { poolSize: Number.NaN }],
    ['idleTimeoutMs', { idleTimeoutMs: 0 }],
    ['idleTimeoutMs', { idleTimeoutMs: -1 }],
    ['idleTimeoutMs', { idleTimeoutMs: Number.POSITIVE_INFINITY }],
  ])('%s %o is refused before anything is opened', async (name, options) => {
    await expect(createDatabase({ url: testDb.url, ...options })).rejects.toThrow(new RegExp(`^${name}: `))
    expect(await serverConnections()).toBe(0)
  })
})
