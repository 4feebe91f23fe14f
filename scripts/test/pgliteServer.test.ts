// The embedded database server of `npm start` (scripts/lib/pglite-server.mjs) under concurrent pg clients:
// transactions, unnamed and named prepared statements, and clients that vanish mid-transaction.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startPgliteServer } from '../lib/pglite-server.mjs'

type Server = { url: string; port: number; stop: () => Promise<void>; stats: () => { connections: number } }

let server: Server
let dir: string
const clients: pg.Client[] = []

async function connect() {
  const client = new pg.Client({ connectionString: server.url })
  client.on('error', () => undefined)
  await client.connect()
  clients.push(client)
  return client
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pglite-server-test-'))
  server = (await startPgliteServer({ dir, port: 0 })) as Server
  const setup = await connect()
  await setup.query('CREATE TABLE counter (id int PRIMARY KEY, value int NOT NULL)')
  await setup.query('INSERT INTO counter VALUES (1, 0)')
  await setup.query('CREATE TABLE item (client int NOT NULL, n int NOT NULL)')
}, 60_000)

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.end()))
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('pglite-server: one PGlite session shared by many connections', () => {
  test('concurrent parameterized queries (unnamed extended protocol) each get their own answer', async () => {
    const pool = await Promise.all(Array.from({ length: 8 }, connect))
    const answers = await Promise.all(
      pool.flatMap((client, c) =>
        Array.from({ length: 25 }, async (_, i) => {
          const value = c * 1000 + i
          const { rows } = await client.query('SELECT $1::int AS v, $2::text AS t', [value, `c${c}`])
          return [rows[0].v, rows[0].t, value, `c${c}`]
        }),
      ),
    )
    for (const [v, t, expectedV, expectedT] of answers) expect([v, t]).toEqual([expectedV, expectedT])
  })

  test('concurrent read-modify-write transactions with named prepared statements lose no update', async () => {
    const pool = await Promise.all(Array.from({ length: 6 }, connect))
    await Promise.all(
      pool.map(async (client, c) => {
        for (let i = 0; i < 15; i++) {
          await client.query('BEGIN')
          const { rows } = await client.query({
            name: 'read',
            text: 'SELECT value FROM counter WHERE id = $1',
            values: [1],
          })
          await sleep(Math.random() * 3) // invite interleaving inside the transaction
          await client.query({
            name: 'write',
            text: 'UPDATE counter SET value = $1 WHERE id = 1',
            values: [rows[0].value + 1],
          })
          await client.query({ name: 'item', text: 'INSERT INTO item VALUES ($1, $2)', values: [c, i] })
          await client.query('COMMIT')
        }
      }),
    )
    const check = await connect()
    expect((await check.query('SELECT value FROM counter')).rows[0].value).toBe(6 * 15)
    expect((await check.query('SELECT count(*)::int AS n FROM item')).rows[0].n).toBe(6 * 15)
  })

  test('a rollback undoes only its own transaction, not statements of other connections', async () => {
    const [a, b] = await Promise.all([connect(), connect()])
    await a.query('BEGIN')
    await a.query('INSERT INTO item VALUES (100, 1)')
    // b's statement waits for a's transaction; it must not become part of it.
    const bDone = b.query('INSERT INTO item VALUES (200, 1)')
    await sleep(50)
    await a.query('ROLLBACK')
    await bDone
    const { rows } = await b.query('SELECT client FROM item WHERE client IN (100, 200) ORDER BY client')
    expect(rows).toEqual([{ client: 200 }])
  })

  test('the same statement name on two connections means each connection’s own statement', async () => {
    const [a, b] = await Promise.all([connect(), connect()])
    const [ra, rb] = await Promise.all([
      a.query({ name: 'same', text: "SELECT 'a'::text AS who, $1::int AS n", values: [1] }),
      b.query({ name: 'same', text: "SELECT 'b'::text AS who, $1::int + 100 AS n", values: [1] }),
    ])
    expect(ra.rows).toEqual([{ who: 'a', n: 1 }])
    expect(rb.rows).toEqual([{ who: 'b', n: 101 }])
    // Reused (Bind only, no Parse): still each its own.
    expect((await a.query({ name: 'same', text: "SELECT 'a'::text AS who, $1::int AS n", values: [2] })).rows).toEqual([
      { who: 'a', n: 2 },
    ])
  })

  test('a client that disconnects inside a transaction is rolled back and the others go on', async () => {
    const quitter = await connect()
    const other = await connect()
    await quitter.query('BEGIN')
    await quitter.query('INSERT INTO item VALUES (300, 1)')
    const waiting = other.query('SELECT count(*)::int AS n FROM item WHERE client = 300')
    ;(quitter as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy()
    expect((await waiting).rows[0].n).toBe(0)
    const fresh = await connect()
    expect((await fresh.query('SELECT count(*)::int AS n FROM item WHERE client = 300')).rows[0].n).toBe(0)
  })

  test('an error inside a transaction keeps the connection’s hold until its ROLLBACK', async () => {
    const [a, b] = await Promise.all([connect(), connect()])
    await a.query('BEGIN')
    await expect(a.query('SELECT 1/0')).rejects.toThrow(/division by zero/)
    const bDone = b.query('SELECT 1 AS one')
    await sleep(30)
    await expect(a.query('SELECT 1')).rejects.toThrow(/current transaction is aborted/)
    await a.query('ROLLBACK')
    expect((await bDone).rows).toEqual([{ one: 1 }])
  })
})
