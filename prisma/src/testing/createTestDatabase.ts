import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { parseDatabaseUrl } from '../parseDatabaseUrl.ts'

export type TestDatabase = {
  /** URL of the new, empty database. */
  url: string
  name: string
  /** Drops the database (terminating its remaining connections). */
  drop: () => Promise<void>
}

/**
 * Creates an empty database on the test cluster, so that each test file works in isolation (Ponder's
 * `setupIsolatedDatabase`).
 *
 * @example
 * const db = await createTestDatabase(inject('databaseUrl'), 'migrate')
 * afterAll(() => db.drop())
 */
export async function createTestDatabase(adminUrl: string, label = 'test'): Promise<TestDatabase> {
  const name = `${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client(parseDatabaseUrl(adminUrl))
  admin.on('error', () => undefined) // a lost connection fails the statement below
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client(parseDatabaseUrl(adminUrl))
      client.on('error', () => undefined) // a lost connection fails the statement below
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}
