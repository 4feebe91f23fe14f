// GraphQL on a streaming replica: two real PostgreSQL 15 clusters, a primary the indexer writes and a hot standby
// made from it with `pg_basebackup -R`. The replica's answers equal the primary's; a request that needs a block the
// replica has not replayed (its `extensions.minBlock`) waits for it, or reads the primary; /readyz and /metrics
// report the replica's lag.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createDatabase, openReadReplica, type Database, type ReadReplica } from '@nexus/db'
import { createTestDatabase } from '@nexus/db/testing'
import { startHardhatNode, type HardhatNode } from '@nexus/testing'
import type { FastifyInstance } from 'fastify'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deployCore, rpcCall, type Core } from './_test/deployCore.ts'
import { createServer } from './createServer.ts'
import { createMetrics, type IndexerMetrics } from './internal/metrics.ts'
import { createIndexer } from './sync/createIndexer.ts'
import { createRpc } from './sync/createRpc.ts'

type Cluster = { url: string; port: number; stop: () => void }
const { startPostgres, startStandby, runSql } = (await import(
  pathToFileURL(join(import.meta.dirname, '..', '..', '..', 'scripts', 'lib', 'pg.mjs')).href
)) as {
  startPostgres: () => Promise<Cluster>
  startStandby: (primary: Cluster) => Promise<Cluster>
  runSql: (url: string, sql: string) => string
}
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }

let primaryCluster: Cluster
let standbyCluster: Cluster
let standbyUrl: string
let node: HardhatNode
let core: Core
let db: Database
let replica: ReadReplica
let primaryApp: FastifyInstance
let replicaApp: FastifyInstance
let replicaMetrics: IndexerMetrics

const head = async () => BigInt(await rpcCall<Hex>(node.url, 'eth_blockNumber'))

async function catchUp() {
  const metrics = createMetrics()
  const indexer = createIndexer({
    db,
    rpc: createRpc({ url: node.url, metrics }),
    chainId: 31337,
    sources: core.sources,
    metrics,
    logger: silent,
    deferIndexesAbove: Infinity,
  })
  for (let i = 0; i < 1_000; i++) if ((await indexer.step()).type === 'idle') return
  throw new Error('indexer did not catch up')
}

type Answer = { data?: Record<string, unknown>; errors?: { message: string; extensions?: { code?: string } }[] }
async function gql(app: FastifyInstance, query: string, variables?: Record<string, unknown>, minBlock?: unknown) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query, variables, ...(minBlock !== undefined && { extensions: { minBlock } }) },
  })
  return { status: response.statusCode, body: JSON.parse(response.body) as Answer }
}

/** Reads counted per route (indexer_replica_reads_total). */
async function reads(metrics: IndexerMetrics) {
  const values = (await metrics.replicaReads.get()).values
  return Object.fromEntries(values.map((v) => [String(v.labels.via), v.value]))
}

/** Stops the standby's replay (it keeps receiving WAL), so that it stays behind until `resume`. */
const pauseReplay = () => runSql(standbyUrl, 'SELECT pg_wal_replay_pause()')
const resumeReplay = () => runSql(standbyUrl, 'SELECT pg_wal_replay_resume()')

const documents = (account: Address, genesis: Address) =>
  [
    [
      `query ($a: String!) { actionLog(account: $a, first: 100) { nodes { index symbol action amount blockNumber }
       totalCount pageInfo { hasNextPage endCursor } } }`,
      { a: account },
    ],
    [`query ($a: String!) { rewards(account: $a) { symbol total today yesterday } }`, { a: account }],
    [
      `query ($a: String!) { team(account: $a) { registered referrer directCount indirectCount teamSize level } }`,
      { a: genesis },
    ],
    [`query ($a: String!) { invitations(account: $a, first: 100) { nodes { account distance } } }`, { a: genesis }],
    [`{ stats { registrations actionLogs } }`, {}],
  ] as const

/** A GraphQL server on the primary, reading `withReplica` when given (ready while it is at most 1 s behind). */
const server = (metrics: IndexerMetrics, withReplica?: ReadReplica, readWaitMs?: number) =>
  createServer({
    db,
    ...(withReplica && { replica: withReplica }),
    ...(readWaitMs !== undefined && { readWaitMs }),
    readMaxLagSeconds: 1,
    rpc: createRpc({ url: node.url, metrics }),
    chainId: 31337,
    confirmations: 0,
    readyMaxLag: 5,
    contracts: core.sources.map((s) => s.name),
    metrics,
  })

beforeAll(async () => {
  ;[primaryCluster, node] = await Promise.all([startPostgres(), startHardhatNode()])
  const target = await createTestDatabase(primaryCluster.url, 'replica')
  db = await createDatabase({ url: target.url })
  core = await deployCore(node.url)
  // The standby copies the migrated primary; every later write reaches it by streaming replication.
  standbyCluster = await startStandby(primaryCluster)
  const url = new URL(standbyCluster.url)
  url.pathname = `/${target.name}`
  standbyUrl = url.toString()
  replica = await openReadReplica({ url: standbyUrl, primary: db.pool, poolSize: 4 })

  const [, genesis, a, b, c] = core.accounts as [Address, Address, Address, Address, Address]
  await core.register(a, genesis)
  await core.register(b, a)
  await core.register(c, genesis)
  for (const [i, who] of [a, b, c, a].entries()) {
    await core.addLog(who, 'USDT', 'stake_deposit', BigInt(1_000 + i))
    await core.addLog(who, 'NEX', 'claim', BigInt(10 + i))
  }
  await catchUp()

  primaryApp = server(createMetrics())
  replicaMetrics = createMetrics()
  replicaApp = server(replicaMetrics, replica, 5_000)
}, 240_000)

afterAll(async () => {
  await Promise.all([primaryApp?.close(), replicaApp?.close()])
  await replica?.close()
  await db?.close()
  standbyCluster?.stop()
  primaryCluster?.stop()
  await node?.stop()
}, 60_000)

describe('GraphQL on a streaming replica', () => {
  test('the replica answers every query as the primary does', async () => {
    expect(await replica.caughtUp(10_000)).toBe(true)
    const before = await reads(replicaMetrics)
    const [, genesis, a, b] = core.accounts as [Address, Address, Address, Address]
    for (const who of [a, b]) {
      for (const [query, variables] of documents(who, genesis)) {
        const fromPrimary = await gql(primaryApp, query, variables)
        const fromReplica = await gql(replicaApp, query, variables)
        expect(fromPrimary.body.errors).toBeUndefined()
        expect(fromReplica.body).toEqual(fromPrimary.body)
      }
    }
    const after = await reads(replicaMetrics)
    expect((after.replica ?? 0) - (before.replica ?? 0)).toBe(10)
    expect(after.primary ?? 0).toBe(before.primary ?? 0)
  })

  test('a request for a block the replica has not replayed waits for it, then answers from the replica', async () => {
    const a = core.accounts[2] as Address
    pauseReplay()
    try {
      await core.addLog(a, 'USDT', 'claim', 4_242n)
      await catchUp()
    } catch (error) {
      resumeReplay()
      throw error
    }
    const block = await head()
    const query = `query ($a: String!) { actionLog(account: $a, first: 1) { nodes { amount blockNumber } totalCount } }`
    // without a block to wait for, the paused replica answers what it has: the new entry is missing there
    const stale = await gql(replicaApp, query, { a })
    const fresh = await gql(primaryApp, query, { a })
    expect(fresh.body.data?.actionLog).toMatchObject({ nodes: [{ amount: '4242', blockNumber: String(block) }] })
    expect(stale.body).not.toEqual(fresh.body)

    const before = await reads(replicaMetrics)
    setTimeout(resumeReplay, 300)
    const started = Date.now()
    const waited = await gql(replicaApp, query, { a }, String(block))
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    expect(waited.body).toEqual(fresh.body)
    const after = await reads(replicaMetrics)
    expect((after.replica_after_wait ?? 0) - (before.replica_after_wait ?? 0)).toBe(1)
    expect(after.primary ?? 0).toBe(before.primary ?? 0)
  })

  test('a replica still behind after the wait leaves the read to the primary; /readyz and /metrics show the lag', async () => {
    const a = core.accounts[3] as Address
    const impatient = server(createMetrics(), replica, 200)
    pauseReplay()
    try {
      await core.addLog(a, 'NEX', 'claim', 777n)
      await catchUp()
      const block = await head()
      const query = `query ($a: String!) { actionLog(account: $a, first: 1) { nodes { amount } totalCount } }`
      const fresh = await gql(primaryApp, query, { a })
      expect(fresh.body.data?.actionLog).toMatchObject({ nodes: [{ amount: '777' }] })
      const fallback = await gql(impatient, query, { a }, Number(block))
      expect(fallback.body).toEqual(fresh.body)
      expect((await gql(impatient, query, { a })).body).not.toEqual(fresh.body)

      // the replica's last replayed transaction ages while the primary's WAL waits: after a second it is not ready
      await new Promise((resolve) => setTimeout(resolve, 1_300))
      const ready = await impatient.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      const body = JSON.parse(ready.body) as { reason: string; replica: { lagBlocks: string; lagBytes: number } }
      expect(body.reason).toMatch(/^read replica behind: \d+\.\d s$/)
      expect(Number(body.replica.lagBlocks)).toBeGreaterThanOrEqual(1)
      expect(body.replica.lagBytes).toBeGreaterThan(0)
      const metrics = (await impatient.inject({ method: 'GET', url: '/metrics' })).body
      expect(metrics).toMatch(/^indexer_replica_lag_seconds [1-9]/m)
      expect(metrics).toMatch(/^indexer_replica_reads_total\{via="primary"\} 1$/m)
    } finally {
      resumeReplay()
    }
    expect(await replica.caughtUp(10_000)).toBe(true)
    const ready = await impatient.inject({ method: 'GET', url: '/readyz' })
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'ready', replica: { lagBytes: 0, lagSeconds: 0 } })
    await impatient.close()
  })

  test('a malformed minBlock is refused with a message naming it', async () => {
    for (const bad of ['-1', '1e3', '0x10', '123456789012345678901', 1.5, -3, true, { n: 1 }]) {
      const answer = await gql(replicaApp, '{ stats { registrations } }', undefined, bad)
      expect(answer.status, JSON.stringify(bad)).toBe(400)
      expect(answer.body.errors?.[0]?.message).toMatch(/^Extension "minBlock": a block number/)
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
    }
    const get = await replicaApp.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ stats { registrations } }')}&extensions=${encodeURIComponent('{"minBlock":"1"}')}`,
    })
    expect(JSON.parse(get.body)).toEqual({ data: { stats: { registrations: 4 } } })
  })
})
