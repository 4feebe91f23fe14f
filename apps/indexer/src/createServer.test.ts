import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest'
import { startHardhatNode, type HardhatNode } from '@nexus/testing'
import { createServer } from './createServer.ts'
import { createMetrics } from './internal/metrics.ts'
import { createRpc } from './sync/createRpc.ts'

const chainId = 31337
let node: HardhatNode
let testDb: TestDatabase
let db: Database
let app: FastifyInstance

beforeAll(async () => {
  ;[node, testDb] = await Promise.all([startHardhatNode(), createTestDatabase(inject('databaseUrl'), 'indexer_server')])
  db = await createDatabase({ url: testDb.url })
  const metrics = createMetrics()
  app = createServer({
    db,
    rpc: createRpc({ url: node.url, metrics, retries: 0 }),
    chainId,
    confirmations: 2,
    readyMaxLag: 3,
    metrics,
  })
})
afterAll(async () => {
  await app?.close()
  await db?.close()
  await Promise.all([testDb?.drop(), node?.stop()])
})

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result: T }
  return body.result
}
const head = async () => BigInt(await rpc<string>('eth_blockNumber'))
const setCheckpoint = (blockNumber: bigint) =>
  db.prisma.chainCheckpoint.upsert({
    where: { chainId },
    create: { chainId, blockNumber, blockHash: '0x01' },
    update: { blockNumber },
  })

beforeEach(async () => {
  await db.prisma.chainCheckpoint.deleteMany()
})

test('/healthz answers while the process is up', async () => {
  const response = await app.inject({ method: 'GET', url: '/healthz' })
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ status: 'ok' })
})

describe('/readyz', () => {
  test('503 before anything is indexed', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({
      status: 'not_ready',
      reason: 'nothing indexed yet',
      indexedBlock: null,
      maxLag: 3,
    })
  })

  test('200 when caught up with the chain head, 503 with the lag once the head runs ahead', async () => {
    await rpc('hardhat_mine', ['0x5'])
    const tip = await head()
    await setCheckpoint(tip)
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({
      status: 'ready',
      chainId,
      chainHead: tip.toString(),
      indexedBlock: tip.toString(),
      confirmedBlock: (tip - 2n).toString(),
      lag: '0',
      confirmations: 2,
      maxLag: 3,
    })

    await rpc('hardhat_mine', ['0x3'])
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)

    await rpc('hardhat_mine', ['0x1'])
    const behind = await app.inject({ method: 'GET', url: '/readyz' })
    expect(behind.statusCode).toBe(503)
    expect(behind.json()).toMatchObject({ status: 'not_ready', reason: 'catching up: 4 blocks behind', lag: '4' })
  })
})

test('/metrics exposes indexed block, chain head, lag and RPC errors in Prometheus text', async () => {
  const tip = await head()
  await setCheckpoint(tip - 7n)
  const response = await app.inject({ method: 'GET', url: '/metrics' })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/plain/)
  expect(response.body).toContain(`indexer_indexed_block ${tip - 7n}`)
  expect(response.body).toContain(`indexer_chain_head_block ${tip}`)
  expect(response.body).toContain('indexer_lag_blocks 7')
  expect(response.body).toContain('# TYPE indexer_rpc_errors_total counter')
  expect(response.body).toContain('process_cpu_user_seconds_total')
})

describe('GraphQL at /graphql', () => {
  const query = (body: unknown) => app.inject({ method: 'POST', url: '/graphql', payload: body as object })

  test('indexerStatus answers chain head, indexed block, confirmed block and lag', async () => {
    const tip = await head()
    await setCheckpoint(tip - 1n)
    const response = await query({
      query: '{ indexerStatus { chainId chainHead indexedBlock confirmedBlock lag confirmations } }',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      data: {
        indexerStatus: {
          chainId,
          chainHead: tip.toString(),
          indexedBlock: (tip - 1n).toString(),
          confirmedBlock: (tip - 2n).toString(),
          lag: '1',
          confirmations: 2,
        },
      },
    })
  })

  test('depth 50 is rejected by name, before execution', async () => {
    const response = await query({ query: `{ ${'indexerStatus { '.repeat(50)}chainId${' }'.repeat(50)} }` })
    const codes = response.json().errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code)
    expect(codes).toContain('QUERY_TOO_DEEP')
  })

  test('100 aliases are rejected with a clear error', async () => {
    const aliases = Array.from({ length: 100 }, (_, i) => `a${i}: indexerStatus { chainId }`).join(' ')
    const response = await query({ query: `{ ${aliases} }` })
    const body = response.json()
    expect(body.data).toBeUndefined()
    expect(body.errors[0]).toMatchObject({
      message: 'The document has more than 15 aliases.',
      extensions: { code: 'TOO_MANY_ALIASES' },
    })
  })

  test('a document over the token limit is rejected while parsing', async () => {
    const response = await query({ query: `{ indexerStatus { ${'chainId '.repeat(3000)} } }` })
    expect(response.json().errors[0]).toMatchObject({ message: 'The document has more than 2000 tokens.' })
  })

  test('a 1 MB body is refused with 413 before GraphQL sees it', async () => {
    const response = await query({ query: `{ indexerStatus { chainId } }`, padding: 'x'.repeat(1024 * 1024) })
    expect(response.statusCode).toBe(413)
  })

  test('an unknown field names the field; no stack trace leaks', async () => {
    const response = await query({ query: '{ indexerStatus { nope } }' })
    const body = response.json()
    expect(body.errors[0].message).toBe('Cannot query field "nope" on type "IndexerStatus".')
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/)
  })
})
