import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest'
import type { DecodedLog } from '../handlers/decodeLogs.ts'
import type { BlockHeader } from '../sync/types.ts'
import { rollbackTo, writeRange, type WriteOptions } from './writeRange.ts'

let testDb: TestDatabase
let db: Database
const chainId = 31337
const [a, b, c] = [
  '0x00000000000000000000000000000000000000a1',
  '0x00000000000000000000000000000000000000a2',
  '0x00000000000000000000000000000000000000a3',
] as const
const zero = '0x0000000000000000000000000000000000000000'
const hex = (n: number, bytes = 32) => `0x${n.toString(16).padStart(bytes * 2, '0')}` as Hex
const header = (n: number): BlockHeader => ({ number: BigInt(n), hash: hex(n), parentHash: hex(n - 1), timestamp: 1n })

const base = (block: number, logIndex: number) => ({
  blockNumber: BigInt(block),
  blockHash: hex(block),
  blockTimestamp: BigInt(1_700_000_000 + block),
  logIndex,
  transactionHash: hex(block * 100 + logIndex + 1_000_000),
  transactionIndex: 0,
  topics: [],
  data: '0x' as Hex,
})

/** A Burn `OrderCreated` (order index = block * 100 + log index). */
const order = (block: number, logIndex: number, owner: string, amount: bigint): DecodedLog => ({
  ...base(block, logIndex),
  address: '0x00000000000000000000000000000000000000b0' as Address,
  contract: 'Burn',
  kind: 'Burn',
  eventName: 'OrderCreated',
  args: { owner, index: BigInt(block * 100 + logIndex), amount, tokens: 1n, endTime: 0n },
})

/** Main's `Registered(user, referrer, index)`. */
const registered = (block: number, logIndex: number, user: string, referrer: string): DecodedLog => ({
  ...base(block, logIndex),
  address: '0x00000000000000000000000000000000000000c0' as Address,
  contract: 'Main',
  kind: 'Main',
  eventName: 'Registered',
  args: { user, referrer, index: BigInt(block) },
})

async function write(logs: DecodedLog[], to: number, options: WriteOptions) {
  const client = await db.pool.connect()
  try {
    await client.query('BEGIN')
    await writeRange(client, chainId, logs, header(to), options)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  } finally {
    client.release()
  }
}

/** The stored totals next to the sums of order_record (per owner, and per team): they must always agree. */
async function totals() {
  const own = await db.pool.query(
    'SELECT owner, contract, amount::text, orders FROM account_order_total ORDER BY owner, contract',
  )
  expect(own.rows).toEqual(
    (
      await db.pool.query(
        `SELECT owner, contract, sum(amount)::text AS amount, count(*)::int AS orders FROM order_record
         GROUP BY owner, contract ORDER BY owner, contract`,
      )
    ).rows,
  )
  const team = await db.pool.query(
    'SELECT account, contract, amount::text FROM team_order_total WHERE amount <> 0 ORDER BY account, contract',
  )
  expect(team.rows).toEqual(
    (
      await db.pool.query(
        `SELECT p.ancestor AS account, o.contract, sum(o.amount)::text AS amount FROM referral_path p
         JOIN order_record o ON o.chain_id = p.chain_id AND o.owner = p.descendant
         GROUP BY p.ancestor, o.contract ORDER BY p.ancestor, o.contract`,
      )
    ).rows,
  )
  return {
    own: Object.fromEntries(own.rows.map((r: { owner: string; amount: string }) => [r.owner, r.amount])),
    team: Object.fromEntries(team.rows.map((r: { account: string; amount: string }) => [r.account, r.amount])),
  }
}

async function rollback(to: number) {
  const client = await db.pool.connect()
  try {
    await rollbackTo(client, chainId, header(to))
  } finally {
    client.release()
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'indexer_order_totals')
  db = await createDatabase({ url: testDb.url })
})

afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

beforeEach(async () => {
  await db.pool
    .query(`TRUNCATE event_log, order_record, registration, referral_path, team_member_count, account_order_total, team_order_total,
       chain_block, chain_checkpoint`)
})

describe.each([
  ['COPY straight into the tables', { copy: true }],
  ['COPY through staging tables', { copy: true, direct: false }],
  ['unnest (embedded PGlite)', { copy: false }],
] as const)('account_order_total, written by %s', (_name, options) => {
  test('add each range, stay the same when a range is written again, and lose what a reorg removes', async () => {
    // a <- b <- c (c places an order before it registers); uint256-sized amounts add exactly.
    const big = 2n ** 255n
    const first = [registered(1, 0, a, zero), registered(2, 0, b, a), order(2, 1, b, 5n), order(3, 0, a, 7n)]
    await write(first, 3, options)
    expect(await totals()).toEqual({ own: { [a]: '7', [b]: '5' }, team: { [a]: '5' } })
    await write([order(4, 0, c, 11n), registered(5, 0, c, b), order(5, 1, b, big)], 5, options)
    expect(await totals()).toEqual({
      own: { [a]: '7', [b]: (big + 5n).toString(), [c]: '11' },
      team: { [a]: (big + 16n).toString(), [b]: '11' },
    })
    await write(first, 3, options)
    expect((await totals()).team[a]).toBe((big + 16n).toString())
    // A reorg back to block 4 (c's registration and b's big order go), then back to block 2.
    await rollback(4)
    expect(await totals()).toEqual({ own: { [a]: '7', [b]: '5', [c]: '11' }, team: { [a]: '5' } })
    await rollback(2)
    expect(await totals()).toEqual({ own: { [b]: '5' }, team: { [a]: '5' } })
  })
})
