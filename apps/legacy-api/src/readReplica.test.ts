// The legacy API's reads of the indexer's tree on a streaming replica (DATABASE_READ_URL): two real PostgreSQL 15
// clusters, a primary and a hot standby made from it with `pg_basebackup -R`. recommendList reads the replica once it
// has replayed what the primary had committed when the request came, and the primary when it has not within the
// wait; /readyz and /metrics report the replica's lag.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { openReadReplica, type ReadReplica } from '@nexus/db'
import { startHardhatNode, type HardhatNode } from '@nexus/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { account, addRegistration, setupApp, type TestApp } from './_test/setup.ts'

type Cluster = { url: string; stop: () => void }
const { startPostgres, startStandby, runSql } = (await import(
  pathToFileURL(join(import.meta.dirname, '..', '..', '..', 'scripts', 'lib', 'pg.mjs')).href
)) as {
  startPostgres: () => Promise<Cluster>
  startStandby: (primary: Cluster) => Promise<Cluster>
  runSql: (url: string, sql: string) => string
}

let primary: Cluster
let standby: Cluster
let replica: ReadReplica
let t: TestApp & { testDb: { url: string; name: string } }
let standbyUrl: string
let node: HardhatNode
const root = account(0)
const [first, second] = [account(1), account(2)]

beforeAll(async () => {
  // a chain node: /readyz checks it before the replica
  ;[primary, node] = await Promise.all([startPostgres(), startHardhatNode()])
  // made before the test's database: CREATE DATABASE and everything after it stream to the standby
  standby = await startStandby(primary)
  t = await setupApp(
    'legacy_replica',
    async (testDb, db) => {
      standbyUrl = Object.assign(new URL(standby.url), { pathname: `/${testDb.name}` }).toString()
      replica = await openReadReplica({ url: standbyUrl, primary: db.pool, poolSize: 2 })
      return { replica, readWaitMs: 300, readMaxLagSeconds: 1, rpcUrl: node.url }
    },
    { adminUrl: primary.url },
  )
  await addRegistration(t.db, root.address, '0x0000000000000000000000000000000000000000', 1)
  await addRegistration(t.db, first.address, root.address, 2)
}, 240_000)
afterAll(async () => {
  await t?.close()
  await replica?.close()
  standby?.stop()
  primary?.stop()
  await node?.stop()
}, 60_000)

const replicaReads = async () => {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
  const count = (via: string) =>
    Number(new RegExp(`^legacy_api_replica_reads_total\\{via="${via}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0)
  return { replica: count('replica'), primary: count('primary') }
}

describe('legacy API reads on a streaming replica', () => {
  test('recommendList reads the replica once it caught up, the primary while it stays behind', async () => {
    const token = await t.login(root)
    const list = async () =>
      ((await t.post('recommendList', {}, { token })).json() as { data: { list: { address: string }[] } }).data.list
        .map((member) => member.address)
        .sort()
    expect(await replica.caughtUp(10_000)).toBe(true)
    const before = await replicaReads()
    expect(await list()).toEqual([first.address.toLowerCase()])
    const afterCaughtUp = await replicaReads()
    expect(afterCaughtUp.replica - before.replica).toBe(1)

    runSql(standbyUrl, 'SELECT pg_wal_replay_pause()')
    try {
      await addRegistration(t.db, second.address, root.address, 3)
      // the replica lacks the new member; the request must not: it reads the primary after the wait
      expect((await replica.pool.query('SELECT count(*)::int AS n FROM indexer_registration')).rows[0].n).toBe(2)
      expect(await list()).toEqual([first.address, second.address].map((a) => a.toLowerCase()).sort())
      const afterBehind = await replicaReads()
      expect(afterBehind.primary - afterCaughtUp.primary).toBe(1)

      await new Promise((resolve) => setTimeout(resolve, 1_300))
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json().reason).toMatch(/^read replica behind: \d+\.\d s$/)
      expect(ready.json().replica.lagBytes).toBeGreaterThan(0)
    } finally {
      runSql(standbyUrl, 'SELECT pg_wal_replay_resume()')
    }
    expect(await replica.caughtUp(10_000)).toBe(true)
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.json()).toEqual({ status: 'ready', replica: { lagSeconds: 0, lagBytes: 0, maxLagSeconds: 1 } })
  })
})
