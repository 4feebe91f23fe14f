// GraphQL over HTTP on a real PostgreSQL: answers of the compiled queries (graphql-jit) with the columns a document
// asks for, counts, errors (locations, argument names, masking) and the response framing.
import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createServer } from '../createServer.ts'
import { rest } from '../handlers/common.ts'
import { createMetrics } from '../internal/metrics.ts'
import { createRpc } from '../sync/createRpc.ts'

const chainId = 31337
const owner = `0x${'ab'.repeat(20)}`
const other = `0x${'cd'.repeat(20)}`
let testDb: TestDatabase
let db: Database
let app: FastifyInstance

type Result = {
  data?: Record<string, unknown> | null
  errors?: { message: string; locations?: { line: number; column: number }[]; path?: unknown[]; extensions?: unknown }[]
}

async function gql(
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
  status = 200,
): Promise<Result> {
  const request = () => app.inject({ method: 'POST', url: '/graphql', payload: { query, variables, operationName } })
  // A document's first run is graphql-js's, the next ones run its graphql-jit compilation: the same answer.
  const response = await request()
  const again = await request()
  expect({ status: again.statusCode, body: again.body }).toEqual({ status: response.statusCode, body: response.body })
  expect(response.statusCode).toBe(status)
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body))
  return JSON.parse(response.body) as Result
}

beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'indexer_graphql_queries')
  db = await createDatabase({ url: testDb.url })
  // Action log entries 1..30 of `owner` (10..30 of them USDT), 31..35 of `other`.
  await db.pool.query(
    `INSERT INTO action_log (chain_id, index, owner, "from", writer, user_index, symbol, action, is_reduce, is_reward,
       amount, balance, start_time, block_number, block_hash, log_index, transaction_hash)
     SELECT $1, g, CASE WHEN g <= 30 THEN $2 ELSE $3 END, '0xf' || g, '0xw', 100 + g,
       CASE WHEN g >= 10 THEN 'USDT' ELSE 'NEX' END, 'burn', g % 2 = 0, g % 3 = 0, g * 1000, g * 10, 5000 + g, g,
       '0xb' || g, 0, '0xt' || g
     FROM generate_series(1, 35) g`,
    [chainId, owner, other],
  )
  // Burn orders 1..6 of `owner`; orders 2 and 4 changed status (4 twice: the latest counts).
  await db.pool.query(
    `INSERT INTO order_record (chain_id, contract, order_index, owner, amount, tokens, details, start_time, end_time,
       block_number, block_hash, log_index, transaction_hash)
     SELECT $1, 'Burn', g, $2, g * 7, g, '{"tier":1}', 100 + g, 200 + g, g, '0xo' || g, 0, '0xot' || g
     FROM generate_series(1, 6) g`,
    [chainId, owner],
  )
  await db.pool.query(
    `INSERT INTO order_change (chain_id, block_hash, log_index, contract, order_index, owner, event_name, status,
       amount, details, block_number, block_timestamp, transaction_hash)
     VALUES ($1, '0xc1', 0, 'Burn', 2, $2, 'Settled', 'settled', 1, '{}', 10, 1, '0xct1'),
            ($1, '0xc2', 0, 'Burn', 4, $2, 'Settled', 'settled', 2, '{}', 11, 2, '0xct2'),
            ($1, '0xc3', 0, 'Burn', 4, $2, 'Out', 'out', 3, '{}', 12, 3, '0xct3')`,
    [chainId, owner],
  )
  // The per-owner order totals that ingestion keeps with each range (writeRange), as its migration fills them.
  await db.pool.query(
    `INSERT INTO account_order_total (chain_id, owner, contract, amount, orders)
     SELECT chain_id, owner, contract, sum(amount), count(*)::int FROM order_record GROUP BY 1, 2, 3`,
  )
  const metrics = createMetrics()
  app = createServer({
    db,
    rpc: createRpc({ url: 'http://127.0.0.1:9', metrics, retries: 0 }),
    chainId,
    confirmations: 0,
    readyMaxLag: 5,
    contracts: ['Burn', 'Fomo', 'Log'],
    metrics,
  })
})
afterAll(async () => {
  await app?.close()
  await db?.close()
  await testDb?.drop()
})

describe('action log', () => {
  test('every field, pages by cursor and totalCount', async () => {
    const page = async (after?: string) =>
      (
        await gql(
          `query ($a: String!, $after: String) { actionLog(account: $a, first: 20, after: $after) {
             nodes { index owner from writer userIndex symbol action isReduce isReward amount balance startTime
               blockNumber transactionHash }
             pageInfo { hasNextPage endCursor } totalCount } }`,
          { a: owner.toUpperCase().replace('0X', '0x'), after },
        )
      ).data?.actionLog as {
        nodes: Record<string, unknown>[]
        pageInfo: { hasNextPage: boolean; endCursor: string }
        totalCount: number
      }
    const first = await page()
    expect(first.totalCount).toBe(30)
    expect(first.pageInfo.hasNextPage).toBe(true)
    expect(first.nodes).toHaveLength(20)
    expect(first.nodes[0]).toEqual({
      index: '30',
      owner,
      from: '0xf30',
      writer: '0xw',
      userIndex: '130',
      symbol: 'USDT',
      action: 'burn',
      isReduce: true,
      isReward: true,
      amount: '30000',
      balance: '300',
      startTime: '5030',
      blockNumber: '30',
      transactionHash: '0xt30',
    })
    const second = await page(first.pageInfo.endCursor)
    expect(second.nodes.map((n) => n.index)).toEqual(Array.from({ length: 10 }, (_, i) => String(10 - i)))
    expect(second.pageInfo.hasNextPage).toBe(false)
  })

  test('fields through fragments and aliases, and __typename, come with the values of a full selection', async () => {
    const result = await gql(
      `fragment E on ActionLogEntry { amount ... on ActionLogEntry { when: startTime } }
       query Log { actionLog(account: "${owner}", symbol: "USDT", first: 2) {
         __typename nodes { ...E __typename idx: index } } }`,
    )
    expect(result).toEqual({
      data: {
        actionLog: {
          __typename: 'ActionLogPage',
          nodes: [
            { amount: '30000', when: '5030', __typename: 'ActionLogEntry', idx: '30' },
            { amount: '29000', when: '5029', __typename: 'ActionLogEntry', idx: '29' },
          ],
        },
      },
    })
  })

  test('totalCount alone, with filters; pageInfo alone', async () => {
    expect(await gql(`{ actionLog(account: "${owner}", symbol: "NEX") { totalCount } }`)).toEqual({
      data: { actionLog: { totalCount: 9 } },
    })
    const info = await gql(`{ actionLog(account: "${other}", first: 5) { pageInfo { hasNextPage } } }`)
    expect(info).toEqual({ data: { actionLog: { pageInfo: { hasNextPage: false } } } })
  })
})

describe('orders', () => {
  test('status is the latest change, or active; filtering by status without selecting it', async () => {
    const all = await gql(`{ orders(account: "${owner}", contract: "Burn") { nodes { index status } totalCount } }`)
    expect(all.data?.orders).toEqual({
      nodes: [
        { index: '6', status: 'active' },
        { index: '5', status: 'active' },
        { index: '4', status: 'out' },
        { index: '3', status: 'active' },
        { index: '2', status: 'settled' },
        { index: '1', status: 'active' },
      ],
      totalCount: 6,
    })
    const ofOther = await gql(`{ orders(account: "${other}", contract: "Burn") { totalCount } }`)
    expect(ofOther.data?.orders).toEqual({ totalCount: 0 })
    const settled = await gql(
      `{ orders(account: "${owner}", contract: "Burn", status: "settled") { nodes { amount } totalCount } }`,
    )
    expect(settled.data?.orders).toEqual({ nodes: [{ amount: '14' }], totalCount: 1 })
  })

  test('every field and the changes of an order whose own columns were not asked for', async () => {
    const result = await gql(
      `{ orders(account: "${owner}", contract: "Burn", first: 1, after: null) {
         a: nodes { contract index owner amount tokens status details startTime endTime blockNumber transactionHash }
         b: nodes { changes { eventName status } } pageInfo { endCursor } } }`,
    )
    const orders = result.data?.orders as { a: unknown[]; b: unknown[]; pageInfo: { endCursor: string } }
    expect(orders.a).toEqual([
      {
        contract: 'Burn',
        index: '6',
        owner,
        amount: '42',
        tokens: '6',
        status: 'active',
        details: '{"tier": 1}',
        startTime: '106',
        endTime: '206',
        blockNumber: '6',
        transactionHash: '0xot6',
      },
    ])
    const next = await gql(
      `query ($after: String) { orders(account: "${owner}", contract: "Burn", first: 2, after: $after) {
         nodes { changes { eventName status } } } }`,
      { after: orders.pageInfo.endCursor },
    )
    expect(next.data?.orders).toEqual({
      nodes: [
        { changes: [] },
        {
          changes: [
            { eventName: 'Settled', status: 'settled' },
            { eventName: 'Out', status: 'out' },
          ],
        },
      ],
    })
  })
})

describe("typed fields of the events' arguments", () => {
  // Rows as the handlers write them: `details` is the JSON of the event's other arguments (rest), as viem decodes
  // them (uint8 as a number, uint256 as a bigint).
  const buyer = `0x${'ef'.repeat(20)}`
  const from = `0x${'12'.repeat(20)}`

  test('an order: its payment token, whether paid in BNB and its FOM round', async () => {
    const orders: [string, number, object][] = [
      ['Burn', 101, { payer: buyer, isBNB: true, paid: 10n, endTime: 99n }],
      ['Burn', 102, { payer: buyer, isBNB: false, paid: 10n, endTime: 99n }],
      ['Fomo', 103, { round: 7n, stakeIndex: 0n, value: 5n, isUSDT: true }],
      ['Fomo', 104, { round: 8n, stakeIndex: 1n, value: 5n, isUSDT: false }],
    ]
    for (const [contract, index, args] of orders) {
      await db.pool.query(
        `INSERT INTO order_record (chain_id, contract, order_index, owner, amount, tokens, details, start_time,
           end_time, block_number, block_hash, log_index, transaction_hash)
         VALUES ($1, $2, $3, $4, 1, 1, $5, 1, NULL, $6, $7, 0, '0xtt')`,
        [chainId, contract, index, buyer, rest(args), index, `0xtyped${index}`],
      )
    }
    const typed = async (contract: string) =>
      (
        await gql(
          `{ orders(account: "${buyer}", contract: "${contract}") { nodes { index paymentToken isBNB round } } }`,
        )
      ).data?.orders
    expect(await typed('Burn')).toEqual({
      nodes: [
        { index: '102', paymentToken: 'USDT', isBNB: false, round: null },
        { index: '101', paymentToken: 'BNB', isBNB: true, round: null },
      ],
    })
    expect(await typed('Fomo')).toEqual({
      nodes: [
        { index: '104', paymentToken: 'NEX', isBNB: false, round: '8' },
        { index: '103', paymentToken: 'USDT', isBNB: false, round: '7' },
      ],
    })
  })

  test("an account event: a credit's order and kind, a team level, a generation, a prize's round, a claim's fee", async () => {
    const events: [string, string, object][] = [
      ['Burn', 'RewardCredited', { from, orderIndex: 12n, kind: 3 }],
      ['Fomo', 'TeamRewarded', { from, level: 2n }],
      ['Fomo', 'ReferralRewarded', { from, generation: 1n }],
      ['Fomo', 'PrizeClaimed', { round: 5n, fee: 3n }],
      ['Burn', 'Registered', { kind: 'x', level: 'high' }],
    ]
    for (const [logIndex, [contract, kind, args]] of events.entries()) {
      await db.pool.query(
        `INSERT INTO account_event (chain_id, block_hash, log_index, contract, account, counterparty, kind, amount,
           details, block_number, block_timestamp, transaction_hash)
         VALUES ($1, '0xae', $2, $3, $4, NULL, $5, 100, $6, 50, 500, '0xaet')`,
        [chainId, logIndex, contract, buyer, kind, rest(args)],
      )
    }
    const result = await gql(
      `{ accountEvents(account: "${buyer}") { nodes { contract kind orderIndex creditKind level generation round fee } } }`,
    )
    const none = { orderIndex: null, creditKind: null, level: null, generation: null, round: null, fee: null }
    expect(result.data?.accountEvents).toEqual({
      nodes: [
        { contract: 'Burn', kind: 'Registered', ...none },
        { contract: 'Fomo', kind: 'PrizeClaimed', ...none, round: '5', fee: '3' },
        { contract: 'Fomo', kind: 'ReferralRewarded', ...none, generation: 1 },
        { contract: 'Fomo', kind: 'TeamRewarded', ...none, level: 2 },
        { contract: 'Burn', kind: 'RewardCredited', ...none, orderIndex: '12', creditKind: 3 },
      ],
    })
  })
})

describe('admin actions', () => {
  test("previousValue is the same contract's previous event of that name, whatever page the row is on", async () => {
    // Burn's settings set three times (blocks 1, 3, 5), Log's once in between, and another Burn event at block 3
    await db.pool.query(
      `INSERT INTO admin_action (chain_id, block_hash, log_index, contract, event_name, target, old_value, new_value,
         args, block_number, block_timestamp, transaction_hash)
       VALUES ($1, '0xa1', 0, 'Burn', 'ConfigUpdated', NULL, NULL, '{"feeRate":"1"}', '{}', 1, 1, '0xat1'),
              ($1, '0xa2', 0, 'Log', 'ConfigUpdated', NULL, NULL, '{"feeRate":"9"}', '{}', 2, 2, '0xat2'),
              ($1, '0xa3', 0, 'Burn', 'BlacklistUpdated', '0xab', NULL, 'true', '{}', 3, 3, '0xat3'),
              ($1, '0xa3', 1, 'Burn', 'ConfigUpdated', NULL, NULL, '{"feeRate":"2"}', '{}', 3, 3, '0xat3'),
              ($1, '0xa5', 0, 'Burn', 'ConfigUpdated', NULL, NULL, '{"feeRate":"3"}', '{}', 5, 5, '0xat5')`,
      [chainId],
    )
    const rows: [string, string, string | null, string | null][] = []
    let after: string | null = null
    for (;;) {
      // one row a page: the previous value never comes from the rows already loaded
      const result = await gql(
        `query ($after: String) { adminActions(first: 1, after: $after) {
           nodes { contract eventName newValue previousValue } pageInfo { hasNextPage endCursor } } }`,
        { after },
      )
      const page = result.data?.adminActions as {
        nodes: { contract: string; eventName: string; newValue: string | null; previousValue: string | null }[]
        pageInfo: { hasNextPage: boolean; endCursor: string | null }
      }
      rows.push(...page.nodes.map((n) => [n.contract, n.eventName, n.newValue, n.previousValue] as (typeof rows)[0]))
      if (!page.pageInfo.hasNextPage) break
      after = page.pageInfo.endCursor
    }
    expect(rows).toEqual([
      ['Burn', 'ConfigUpdated', '{"feeRate":"3"}', '{"feeRate":"2"}'],
      ['Burn', 'ConfigUpdated', '{"feeRate":"2"}', '{"feeRate":"1"}'],
      ['Burn', 'BlacklistUpdated', 'true', null],
      ['Log', 'ConfigUpdated', '{"feeRate":"9"}', null],
      ['Burn', 'ConfigUpdated', '{"feeRate":"1"}', null],
    ])
  })
})

describe('errors', () => {
  test('an argument error names the argument, with its location and path', async () => {
    const result = await gql(`{
  actionLog(account: "${owner}", first: 101) { totalCount } }`)
    expect(result).toEqual({
      data: null,
      errors: [
        {
          message: 'Argument "first": must be between 1 and 100 (got 101)',
          locations: [{ line: 2, column: 3 }],
          path: ['actionLog'],
          extensions: { code: 'BAD_USER_INPUT', argument: 'first' },
        },
      ],
    })
  })

  test('a variable of the wrong type, an unknown operation, several operations without a name', async () => {
    const query = `query ($n: Int) { actionLog(account: "${owner}", first: $n) { totalCount } }`
    const wrongType = await gql(query, { n: 'ten' }, undefined, 400)
    expect(wrongType).toEqual({
      errors: [
        {
          message: expect.stringMatching(/^Variable "\$n" got invalid value "ten"; .*Int cannot represent/),
          locations: [{ line: 1, column: 8 }],
        },
      ],
    })
    const missing = await gql(`query ($a: String!) { actionLog(account: $a) { totalCount } }`, {}, undefined, 400)
    expect(missing.errors?.[0]?.message).toBe('Variable "$a" of required type "String!" was not provided.')
    const twoOperations = `query A { stats { mints } } query B { actionLog(account: "${owner}") { totalCount } }`
    expect((await gql(twoOperations, undefined, undefined, 400)).errors?.[0]?.extensions).toEqual({
      code: 'OPERATION_RESOLUTION_FAILURE',
    })
    expect(await gql(twoOperations, undefined, 'B')).toEqual({ data: { actionLog: { totalCount: 30 } } })
  })

  test('a database failure is masked: no SQL, no stack trace', async () => {
    // A pool whose every query fails, as a dropped database would.
    const failing = Object.create(db.pool, {
      query: { value: () => Promise.reject(new Error('relation "action_log" is broken at line 7')) },
    }) as Database['pool']
    const broken = createServer({
      db: { pool: failing },
      rpc: createRpc({ url: 'http://127.0.0.1:9', metrics: createMetrics(), retries: 0 }),
      chainId,
      confirmations: 0,
      readyMaxLag: 5,
    })
    const response = await broken.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: `{ actionLog(account: "${owner}") { totalCount } }` },
    })
    await broken.close()
    expect(JSON.parse(response.body)).toEqual({
      data: null,
      errors: [
        {
          message: 'Unexpected error.',
          locations: [{ line: 1, column: 70 }],
          path: ['actionLog', 'totalCount'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ],
    })
  })
})

describe('counts', () => {
  const count = async () =>
    ((await gql(`{ actionLog(account: "${owner}") { totalCount } }`)).data?.actionLog as { totalCount: number })
      .totalCount
  const settled = async () =>
    (
      (await gql(`{ orders(account: "${owner}", contract: "Burn", status: "settled") { totalCount } }`)).data
        ?.orders as { totalCount: number }
    ).totalCount
  const moveCheckpoint = (block: number) =>
    db.pool.query(
      `INSERT INTO chain_checkpoint (chain_id, block_number, block_hash, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (chain_id) DO UPDATE SET block_number = $2, block_hash = $3, updated_at = now()`,
      [chainId, block, `0xh${block}`],
    )

  test('a count is taken again when the checkpoint moves (a range written, a rollback), not before', async () => {
    await moveCheckpoint(35)
    expect(await count()).toBe(30)
    expect(await settled()).toBe(1)
    // Rows that no range wrote (the checkpoint stands): the counts taken at this checkpoint still answer.
    await db.pool.query(
      `INSERT INTO action_log (chain_id, index, owner, "from", writer, user_index, symbol, action, is_reduce, is_reward,
         amount, balance, start_time, block_number, block_hash, log_index, transaction_hash)
       VALUES ($1, 36, $2, '0xf', '0xw', 1, 'NEX', 'burn', false, false, 1, 1, 1, 36, '0xb36', 0, '0xt36')`,
      [chainId, owner],
    )
    await db.pool.query(
      `INSERT INTO order_change (chain_id, block_hash, log_index, contract, order_index, owner, event_name, status,
         amount, details, block_number, block_timestamp, transaction_hash)
       VALUES ($1, '0xc4', 0, 'Burn', 6, $2, 'Settled', 'settled', 1, '{}', 36, 4, '0xct4')`,
      [chainId, owner],
    )
    expect(await count()).toBe(30)
    expect(await settled()).toBe(1)
    // The range's checkpoint: both counted again.
    await moveCheckpoint(36)
    expect(await count()).toBe(31)
    expect(await settled()).toBe(2)
    // A rollback to block 35 deletes the block's rows and moves the checkpoint back.
    await db.pool.query(`DELETE FROM action_log WHERE chain_id = $1 AND block_number > 35`, [chainId])
    await db.pool.query(`DELETE FROM order_change WHERE chain_id = $1 AND block_number > 35`, [chainId])
    await moveCheckpoint(35)
    expect(await count()).toBe(30)
    expect(await settled()).toBe(1)
    await db.pool.query('DELETE FROM chain_checkpoint')
  })
})
