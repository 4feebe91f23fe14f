// A database connection that the server ends (a restart, a fail-over: every backend terminated) must not end the
// process, and the failure it causes must read as "unavailable, retry", not as a failed statement.
import { createServer } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createDatabase, type Database } from './createDatabase.ts'
import { isDatabaseUnavailable, whenDatabaseAvailable } from './databaseUnavailable.ts'
import { parseDatabaseUrl } from './parseDatabaseUrl.ts'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'

let testDb: TestDatabase
let db: Database
let admin: pg.Client
beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'unavailable')
  db = await createDatabase({ url: testDb.url, poolSize: 4, keepConnections: true })
  admin = new pg.Client(parseDatabaseUrl(inject('databaseUrl')))
  await admin.connect()
})
afterAll(async () => {
  await db?.close()
  await admin?.end()
  await testDb?.drop()
})

/** Ends every backend of the test database, as a server restart or a fail-over does (SQLSTATE 57P01). */
async function terminateBackends() {
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [testDb.name])
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** A port nothing listens on (taken, then released). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

describe('a connection the server ends', () => {
  test('of a client held between statements (a lock holder) fails its next query, not the process', async () => {
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      const held = await db.pool.connect()
      await held.query('SELECT 1')
      await terminateBackends()
      await sleep(300) // the server's notice and the closed socket arrive while nothing is asked
      const failed = await held.query('SELECT 1').then(
        () => undefined,
        (error: unknown) => error,
      )
      held.release(true)
      expect(isDatabaseUnavailable(failed)).toBe(true)
      // the pool replaced what the server ended: the next statements run
      expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
      expect(await db.prisma.chainCheckpoint.count()).toBe(0)
    } finally {
      process.off('uncaughtException', onUncaught)
    }
    expect(uncaught).toEqual([])
  })

  test('during a query fails that query as unavailable; Prisma reads on afterwards', async () => {
    // the failure is taken at once: the query may fail while the backends are still being ended
    const running = db.pool.query('SELECT pg_sleep(5)').then(
      () => undefined,
      (error: unknown) => error,
    )
    await sleep(200)
    await terminateBackends()
    const failed = await running
    expect(isDatabaseUnavailable(failed)).toBe(true)
    await terminateBackends()
    // Prisma's first statement on a pool whose connections were all ended: unavailable or answered, never a crash
    const first = await db.prisma.chainCheckpoint.count().catch((error: unknown) => error)
    if (typeof first !== 'number') expect(isDatabaseUnavailable(first)).toBe(true)
    expect(await db.prisma.chainCheckpoint.count()).toBe(0)
  })
})

describe('isDatabaseUnavailable', () => {
  test('a server that cannot be reached is unavailable; a failed statement is not', async () => {
    const port = await freePort()
    const refused = await createDatabase({ url: `postgresql://postgres@127.0.0.1:${port}/postgres` }).catch(
      (error: unknown) => error,
    )
    expect(isDatabaseUnavailable(refused)).toBe(true)
    const syntax = await db.pool.query('SELEC 1').catch((error: unknown) => error)
    expect((syntax as { code?: string }).code).toBe('42601')
    expect(isDatabaseUnavailable(syntax)).toBe(false)
    const duplicate = await db.prisma
      .$executeRawUnsafe('CREATE TABLE chain_checkpoint (x int)')
      .catch((error: unknown) => error)
    expect(isDatabaseUnavailable(duplicate)).toBe(false)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('the sum does not match', { cause: { code: '57P03' } }))).toBe(true)
    expect(isDatabaseUnavailable(new Error('value too long for type character varying(20)'))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })

  test('whenDatabaseAvailable waits for a server that comes up, and gives up at once on any other failure', async () => {
    let attempts = 0
    const logged: string[] = []
    const opened = await whenDatabaseAvailable(
      async () => {
        attempts++
        if (attempts < 3) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })
        return 'open'
      },
      { log: (message) => logged.push(message), maxDelayMs: 50 },
    )
    expect({ opened, attempts }).toEqual({ opened: 'open', attempts: 3 })
    expect(logged).toHaveLength(2)
    expect(logged[0]).toMatch(/database is unavailable .*ECONNREFUSED/)
    let tries = 0
    const refused = await whenDatabaseAvailable(async () => {
      tries++
      throw Object.assign(new Error('permission denied for table x'), { code: '42501' })
    }).catch((error: unknown) => error)
    expect((refused as Error).message).toContain('permission denied')
    expect(tries).toBe(1)
  })
})
