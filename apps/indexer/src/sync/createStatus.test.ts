// The confirmed block of the status: the node's `finalized` block where it offers one below its head, else the
// CONFIRMATIONS count; against the local node (Hardhat/EDR) and proxies in front of it that move or refuse the tag.
import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import { startHardhatNode, type HardhatNode } from '@nexus/testing'
import { numberToHex, type Hex } from 'viem'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { rpcCall } from '../_test/deployCore.ts'
import { startHookProxy, type RpcHandler } from '../_test/startHookProxy.ts'
import { createMetrics } from '../internal/metrics.ts'
import { createRpc } from './createRpc.ts'
import { createStatus } from './createStatus.ts'

let node: HardhatNode
let testDb: TestDatabase
let db: Database
let head: bigint

beforeAll(async () => {
  ;[node, testDb] = await Promise.all([startHardhatNode(), createTestDatabase(inject('databaseUrl'), 'indexer_status')])
  db = await createDatabase({ url: testDb.url })
  await rpcCall(node.url, 'hardhat_mine', ['0x40'])
  head = BigInt(await rpcCall<Hex>(node.url, 'eth_blockNumber'))
  // Everything indexed: the confirmed block is then what the node (or the count) allows.
  await db.pool.query('INSERT INTO chain_checkpoint (chain_id, block_number, block_hash) VALUES (31337, $1, $2)', [
    head.toString(),
    '0x' + '11'.repeat(32),
  ])
})
afterAll(async () => {
  await db?.close()
  await Promise.all([testDb?.drop(), node?.stop()])
})

async function statusThrough(handle: RpcHandler | null, confirmations: number) {
  const proxy = handle ? await startHookProxy(node.url, handle) : null
  try {
    const metrics = createMetrics()
    const rpc = createRpc({ url: proxy?.url ?? node.url, metrics, retries: 0 })
    return await createStatus({ pool: db.pool, rpc, chainId: 31337, confirmations, metrics })()
  } finally {
    await proxy?.stop()
  }
}

const asksFinalized = (params: unknown[] | undefined) => params?.[0] === 'finalized'

test('the local node calls its head finalized: the confirmation count decides', async () => {
  const finalized = await rpcCall<{ number: Hex } | null>(node.url, 'eth_getBlockByNumber', ['finalized', false])
  // What Hardhat/EDR answers today; should it ever offer a finalized block below its head, the next tests cover it.
  expect(finalized && BigInt(finalized.number)).toBe(head)
  const status = await statusThrough(null, 5)
  expect(status.chainHead).toBe(head)
  expect(status.confirmedBlock).toBe(head - 5n)
})

test('a node that offers a finalized block below its head: that block is the confirmed one', async () => {
  const status = await statusThrough(async (request, forward) => {
    if (request.method === 'eth_getBlockByNumber' && asksFinalized(request.params)) {
      const block = await rpcCall<object>(node.url, 'eth_getBlockByNumber', [numberToHex(head - 2n), false])
      return JSON.stringify({ jsonrpc: '2.0', id: request.id, result: block })
    }
    return await forward()
  }, 15)
  // 2 blocks behind the head (BSC's fast finality), not the 15 of the count.
  expect(status.confirmedBlock).toBe(head - 2n)
})

test('a node that refuses the finalized tag: the confirmation count decides', async () => {
  let refused = 0
  const status = await statusThrough(async (request, forward) => {
    if (request.method === 'eth_getBlockByNumber' && asksFinalized(request.params)) {
      refused++
      const error = { code: -32602, message: 'invalid block tag finalized' }
      return JSON.stringify({ jsonrpc: '2.0', id: request.id, error })
    }
    return await forward()
  }, 15)
  expect(refused).toBe(1)
  expect(status.confirmedBlock).toBe(head - 15n)
})
