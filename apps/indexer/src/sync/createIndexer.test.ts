import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mainAbi } from '@nexus/abi'
import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import {
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  http,
  numberToHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { contractsDir, startHardhatNode, type HardhatNode } from '@nexus/testing'
import { createMetrics } from '../internal/metrics.ts'
import { createIndexer } from './createIndexer.ts'
import { createRpc } from './createRpc.ts'
import { startHookProxy, type RpcHandler } from '../_test/startHookProxy.ts'

type Artifact = { abi: Abi; bytecode: Hex }
const artifact = (path: string) =>
  JSON.parse(readFileSync(join(contractsDir, 'artifacts', 'contracts', path), 'utf8')) as Artifact
const main = artifact('Main.sol/Main.json')
const proxy = artifact('NexusProxy.sol/NexusProxy.json')

let node: HardhatNode
let testDb: TestDatabase
let db: Database
let accounts: Address[]
let mainAddress: Address
let deployBlock: bigint
// Collected, not printed: the assertions look at the database; a failing test can print these.
const logged: unknown[] = []
const record = (entry: unknown) => void logged.push(entry)
const silent = { info: record, warn: record, error: record, debug: record }

function clients() {
  const transport = http(node.url)
  return {
    publicClient: createPublicClient({ chain: hardhat, transport }),
    wallet: (account: Address) => createWalletClient({ chain: hardhat, transport, account }),
  }
}

async function send(from: Address, data: Hex, to?: Address) {
  const { publicClient, wallet } = clients()
  const hash = to
    ? await wallet(from).sendTransaction({ to, data })
    : await wallet(from).deployContract({ abi: [], bytecode: data })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
  return receipt
}

const register = (account: Address, referrer: Address) =>
  send(account, encodeFunctionData({ abi: main.abi, functionName: 'register', args: [referrer] }), mainAddress)

const rpcCall = async <T>(method: string, params: unknown[] = []) => {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

function newIndexer(
  maxRange = 5_000,
  url: string | string[] = node.url,
  metrics = createMetrics(),
  retries = 1,
  confirmations = 0,
) {
  return createIndexer({
    confirmations,
    db,
    rpc: createRpc({ url, metrics, retries }),
    chainId: 31337,
    sources: [{ name: 'Main', kind: 'Main', abi: mainAbi, address: mainAddress, startBlock: deployBlock }],
    metrics,
    logger: silent,
    maxRange,
  })
}

async function catchUp(indexer: ReturnType<typeof createIndexer>) {
  for (let i = 0; i < 1_000; i++) {
    const event = await indexer.step()
    if (event.type === 'idle') return
  }
  throw new Error('indexer did not catch up')
}

async function snapshotTables() {
  const rows = async (sql: string) => (await db.pool.query(sql)).rows
  return {
    registrations: await rows(
      'SELECT account, referrer, index::text, depth, block_number::text FROM registration ORDER BY index',
    ),
    paths: await rows('SELECT ancestor, descendant, distance FROM referral_path ORDER BY ancestor, descendant'),
    teamSizes: await rows('SELECT account, direct, team FROM team_member_count ORDER BY account'),
    logs: await rows('SELECT block_hash, log_index, event_name, args FROM event_log ORDER BY block_number, log_index'),
  }
}

beforeAll(async () => {
  ;[node, testDb] = await Promise.all([startHardhatNode(), createTestDatabase(inject('databaseUrl'), 'indexer_sync')])
  db = await createDatabase({ url: testDb.url })
  accounts = await rpcCall<Address[]>('eth_accounts')
  const [owner, genesis] = accounts as [Address, Address]
  const implementation = (await send(owner, main.bytecode)).contractAddress as Address
  const init = encodeFunctionData({
    abi: main.abi,
    functionName: 'initialize',
    args: [owner, 3600n, genesis, { manager: owner, generations: 10n }],
  })
  const deployed = await send(
    owner,
    encodeDeployData({ abi: proxy.abi, bytecode: proxy.bytecode, args: [implementation, init] }),
  )
  mainAddress = deployed.contractAddress as Address
  deployBlock = deployed.blockNumber
})
afterAll(async () => {
  await db?.close()
  await Promise.all([testDb?.drop(), node?.stop()])
})

describe('ingestion of Main.Registered', () => {
  test('writes registrations, the referral closure and raw logs; the checkpoint reaches the head', async () => {
    const [, genesis, a, b, c] = accounts as [Address, Address, Address, Address, Address]
    await register(a, genesis)
    await register(b, a)
    await rpcCall('hardhat_mine', ['0x20'])
    await register(c, b)
    const indexer = newIndexer(4) // small ranges: several ranges, and range growth/shrink paths
    await catchUp(indexer)

    const { registrations, paths, logs, teamSizes } = await snapshotTables()
    expect(registrations.map((r) => [r.account, r.referrer, r.index, r.depth])).toEqual([
      [genesis.toLowerCase(), '0x0000000000000000000000000000000000000000', '1', 0],
      [a.toLowerCase(), genesis.toLowerCase(), '2', 1],
      [b.toLowerCase(), a.toLowerCase(), '3', 2],
      [c.toLowerCase(), b.toLowerCase(), '4', 3],
    ])
    // c's ancestors: b (1), a (2), genesis (3); team of genesis = everyone else.
    const of = (descendant: Address) =>
      paths.filter((p) => p.descendant === descendant.toLowerCase()).map((p) => [p.ancestor, p.distance])
    expect(of(c).sort((x, y) => Number(x[1]) - Number(y[1]))).toEqual([
      [b.toLowerCase(), 1],
      [a.toLowerCase(), 2],
      [genesis.toLowerCase(), 3],
    ])
    expect(paths.filter((p) => p.ancestor === genesis.toLowerCase())).toHaveLength(3)
    // Team sizes kept with each registration: genesis 1 direct of 3, a 1 of 2, b 1 of 1.
    expect(teamSizes).toEqual(
      [
        { account: genesis.toLowerCase(), direct: 1, team: 3 },
        { account: a.toLowerCase(), direct: 1, team: 2 },
        { account: b.toLowerCase(), direct: 1, team: 1 },
      ].sort((x, y) => x.account.localeCompare(y.account)),
    )
    expect(logs.filter((l) => l.event_name === 'Registered')).toHaveLength(4)

    const head = BigInt(await rpcCall<Hex>('eth_blockNumber'))
    const checkpoint = await db.prisma.chainCheckpoint.findUniqueOrThrow({ where: { chainId: 31337 } })
    expect(checkpoint.blockNumber).toBe(head)
  })

  test('replaying ranges already written changes nothing (idempotent on chainId, blockHash, logIndex)', async () => {
    const before = await snapshotTables()
    await db.pool.query('UPDATE chain_checkpoint SET block_number = $1, block_hash = $2', [
      (deployBlock - 1n).toString(),
      (await clients().publicClient.getBlock({ blockNumber: deployBlock - 1n })).hash,
    ])
    await db.pool.query('DELETE FROM chain_block')
    await catchUp(newIndexer())
    expect(await snapshotTables()).toEqual(before)
  })

  test('a reorg of the last blocks rolls back what they wrote and indexes the canonical chain instead', async () => {
    const [, , a, , , d, e] = accounts as [Address, Address, Address, Address, Address, Address, Address]
    const indexer = newIndexer()
    await catchUp(indexer)
    const before = await snapshotTables()
    const snapshot = await rpcCall<Hex>('evm_snapshot')
    await register(d, a) // on the fork that will be orphaned
    await catchUp(indexer)
    expect((await snapshotTables()).registrations).toHaveLength(before.registrations.length + 1)

    await rpcCall('evm_revert', [snapshot])
    await register(e, a) // the canonical chain: e instead of d, at the same height
    await rpcCall('hardhat_mine', ['0x2'])
    const first = await indexer.step()
    expect(first.type).toBe('reorg')
    // One step: the rollback, the canonical blocks read again and the checkpoint were committed together.
    const checkpoint = await db.prisma.chainCheckpoint.findUniqueOrThrow({ where: { chainId: 31337 } })
    expect(checkpoint.blockNumber).toBeGreaterThan(first.type === 'reorg' ? first.commonAncestor : 0n)
    expect((await snapshotTables()).registrations.map((r) => r.account)).toContain(e.toLowerCase())
    await catchUp(indexer)

    const after = await snapshotTables()
    const accountsNow = after.registrations.map((r) => r.account)
    expect(accountsNow).toContain(e.toLowerCase())
    expect(accountsNow).not.toContain(d.toLowerCase())
    expect(after.paths.some((p) => p.descendant === d.toLowerCase())).toBe(false)

    // Identical to a clean index of the canonical chain.
    await db.pool.query(
      'TRUNCATE event_log, registration, referral_path, team_member_count, chain_block, chain_checkpoint',
    )
    await catchUp(newIndexer())
    expect(await snapshotTables()).toEqual(after)
  })

  test('a reorg racing a range (the node answers eth_getLogs while it is shorter than the range) loses no rows', async () => {
    // The node answers eth_getLogs for blocks above its head with no logs and no error. Here the chain is
    // reorganised exactly while the indexer reads the range [C+1, C+2]: its logs are read while the node is back
    // at C, and the header of C+2 only once the new fork has mined it. Before the fix the range was written
    // empty under the new fork's (canonical) hash: d's and e's registrations were lost, no reorg was noticed.
    const [, , a, , , , , f, g] = accounts as Address[] as [
      Address,
      Address,
      Address,
      Address,
      Address,
      Address,
      Address,
      Address,
      Address,
    ]
    await catchUp(newIndexer())
    const c = BigInt(await rpcCall<Hex>('eth_blockNumber'))
    const snapshot = await rpcCall<Hex>('evm_snapshot')
    await rpcCall('hardhat_mine', ['0x4']) // fork A: C+1..C+4, empty
    let phase: 'armed' | 'reorganising' | 'done' = 'armed'
    let forkMined = () => undefined as void
    const forkReady = new Promise<void>((resolve) => (forkMined = resolve))
    const target = numberToHex(c + 2n)
    const handle: RpcHandler = async (request, forward) => {
      const params = request.params ?? []
      const range = params[0] as { fromBlock?: Hex } | undefined
      if (phase === 'armed' && request.method === 'eth_getLogs' && range?.fromBlock === numberToHex(c + 1n)) {
        phase = 'reorganising'
        expect(await rpcCall<boolean>('evm_revert', [snapshot])).toBe(true)
        const answer = await forward() // the node is at C
        await register(f, a) // fork B: C+1
        await register(g, a) // C+2
        await rpcCall('hardhat_mine', ['0x2'])
        phase = 'done'
        forkMined()
        return answer
      }
      // The header of the range's last block is answered once the new fork has it (or after 500 ms, should the
      // indexer wait for that header before reading the logs).
      if (phase !== 'done' && request.method === 'eth_getBlockByNumber' && params[0] === target) {
        await Promise.race([forkReady, new Promise((resolve) => setTimeout(resolve, 500))])
      }
      return await forward()
    }
    const proxy = await startHookProxy(node.url, handle)
    try {
      const indexer = newIndexer(2, proxy.url)
      await catchUp(indexer)
      expect(phase).toBe('done')
      await catchUp(indexer)
      const after = await snapshotTables()
      const accountsNow = after.registrations.map((r) => r.account)
      expect(accountsNow).toContain(f.toLowerCase())
      expect(accountsNow).toContain(g.toLowerCase())
      await db.pool.query(
        'TRUNCATE event_log, registration, referral_path, team_member_count, chain_block, chain_checkpoint',
      )
      await catchUp(newIndexer())
      expect(await snapshotTables()).toEqual(after)
    } finally {
      await proxy.stop()
    }
  })

  test('a node that names its eth_getLogs range limit gets ranges within it from then on', async () => {
    await rpcCall('hardhat_mine', ['0x40'])
    const ranges: bigint[] = []
    let refusals = 0
    const proxy = await startHookProxy(node.url, async (request, forward) => {
      const filter = (request.params ?? [])[0] as { fromBlock?: Hex; toBlock?: Hex } | undefined
      if (request.method === 'eth_getLogs' && filter?.fromBlock && filter.toBlock) {
        const blocks = BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n
        if (blocks > 5n) {
          refusals++
          const error = { code: -32005, message: 'query exceeds max block range 5' }
          return JSON.stringify({ jsonrpc: '2.0', id: request.id, error })
        }
        ranges.push(blocks)
      }
      return await forward()
    })
    try {
      await db.pool.query(
        'TRUNCATE event_log, registration, referral_path, team_member_count, chain_block, chain_checkpoint',
      )
      await catchUp(newIndexer(5_000, proxy.url))
      expect(refusals).toBe(1)
      expect(ranges.length).toBeGreaterThan(10)
      expect(ranges.every((blocks) => blocks <= 5n)).toBe(true)
    } finally {
      await proxy.stop()
    }
  })

  test('several RPC URLs: calls move on from a dead endpoint and from one that fails mid-way; the same index', async () => {
    await register(accounts[11] as Address, accounts[1] as Address)
    await rpcCall('hardhat_mine', ['0x20'])
    const truncate = () =>
      db.pool.query('TRUNCATE event_log, registration, referral_path, team_member_count, chain_block, chain_checkpoint')
    await truncate()
    await catchUp(newIndexer())
    const clean = await snapshotTables()
    // The second endpoint answers its first 3 calls, then fails every call with HTTP 502.
    let served = 0
    const failing = await startHookProxy(node.url, async (_request, forward) => {
      if (++served > 3) throw new Error('endpoint down')
      return await forward()
    })
    try {
      await truncate()
      const metrics = createMetrics()
      await catchUp(newIndexer(7, ['http://127.0.0.1:9', failing.url, node.url], metrics, 3))
      expect(await snapshotTables()).toEqual(clean)
      expect(served).toBeGreaterThan(3)
      const failovers = (await metrics.registry.getSingleMetric('indexer_rpc_failovers_total')?.get())?.values[0]?.value
      expect(failovers).toBe(2)
    } finally {
      await failing.stop()
    }
  })

  test('the catch-up reads up to the settled block (finalized tag, else confirmations), then the head-following one block at a time', async () => {
    await register(accounts[12] as Address, accounts[1] as Address)
    await rpcCall('hardhat_mine', ['0x10'])
    await register(accounts[13] as Address, accounts[12] as Address)
    // Blocks mined one by one: the blocks hardhat_mine makes in bulk name no parent (0x00...), which the
    // head-following would take for a reorg.
    for (let i = 0; i < 5; i++) await rpcCall('evm_mine')
    const truncate = () =>
      db.pool.query('TRUNCATE event_log, registration, referral_path, team_member_count, chain_block, chain_checkpoint')
    await truncate()
    await catchUp(newIndexer())
    const clean = await snapshotTables()
    const head = BigInt(await rpcCall<Hex>('eth_blockNumber'))
    for (const node_ of [
      { finalized: 'tag' as const, confirmations: 0, settled: head - 3n },
      { finalized: 'refused' as const, confirmations: 5, settled: head - 5n },
    ]) {
      const calls: string[] = []
      const tagged = await startHookProxy(node.url, async (request, forward) => {
        const [tag] = (request.params ?? []) as unknown[]
        calls.push(`${request.method} ${typeof tag === 'string' ? tag : ''}`)
        if (request.method === 'eth_getBlockByNumber' && tag === 'finalized') {
          if (node_.finalized === 'refused') {
            const error = { code: -32602, message: 'invalid block tag finalized' }
            return JSON.stringify({ jsonrpc: '2.0', id: request.id, error })
          }
          return await forward({ ...request, params: [numberToHex(head - 3n), false] })
        }
        return await forward()
      })
      try {
        await truncate()
        const indexer = newIndexer(5_000, tagged.url, createMetrics(), 1, node_.confirmations)
        const events = []
        for (let event = await indexer.step(); event.type !== 'idle'; event = await indexer.step()) events.push(event)
        // Ranges up to the settled block, then each block above it alone, up to the head.
        const ranges = events.filter((e) => e.type === 'range' && e.toBlock >= e.fromBlock)
        const settledAt = ranges.findIndex((e) => e.type === 'range' && e.toBlock === node_.settled)
        expect(settledAt).toBeGreaterThanOrEqual(0)
        expect(ranges.slice(settledAt + 1).map((e) => e.type === 'range' && [e.fromBlock, e.toBlock])).toEqual(
          Array.from({ length: Number(head - node_.settled) }, (_, i) => [
            node_.settled + 1n + BigInt(i),
            node_.settled + 1n + BigInt(i),
          ]),
        )
        expect(await snapshotTables()).toEqual(clean)
        // A node that refuses the tag is asked once.
        if (node_.finalized === 'refused')
          expect(calls.filter((c) => c === 'eth_getBlockByNumber finalized')).toHaveLength(1)
      } finally {
        await tagged.stop()
      }
    }
  })

  test('a second writer waits for the lease on PostgreSQL and on the embedded PGlite (one session), and takes over from one frozen past it, whose writes are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'indexer-lease-'))
    const pglite = await createDatabase({ pgliteDir: dir })
    const databases = {
      postgres: [db, await createDatabase({ url: testDb.url, migrate: false })],
      // the embedded database, and a second client over its socket: one PostgreSQL session for both
      pglite: [pglite, await createDatabase({ url: pglite.url, migrate: false })],
    } as const
    try {
      for (const [kind, [one, two]] of Object.entries(databases)) {
        const logs: { who: string; msg?: string }[] = []
        const writer = (who: string, on: Database) =>
          createIndexer({
            db: on,
            rpc: createRpc({ url: node.url, metrics: createMetrics() }),
            chainId: 31337,
            sources: [{ name: 'Main', kind: 'Main', abi: mainAbi, address: mainAddress, startBlock: deployBlock }],
            metrics: createMetrics(),
            logger: Object.fromEntries(
              ['info', 'warn', 'error', 'debug'].map((level) => [
                level,
                (entry: { msg?: string }) => logs.push({ who, msg: entry.msg }),
              ]),
            ) as unknown as typeof silent,
            leaseTtlMs: 600,
            leaseOwner: `${kind}-${who}`,
            pollInterval: 20,
          })
        const holder = async () =>
          (await one.pool.query<{ owner: string }>("SELECT owner FROM indexer_lease WHERE name = '31337'")).rows[0]
            ?.owner
        const until = async (condition: () => Promise<boolean> | boolean) => {
          const deadline = Date.now() + 15_000
          while (!(await condition())) {
            if (Date.now() > deadline) throw new Error(`${kind}: timed out; ${JSON.stringify(logs)}`)
            await new Promise((resolve) => setTimeout(resolve, 20))
          }
        }
        const first = writer('first', one)
        const second = writer('second', two)
        try {
          first.start()
          await until(async () => (await holder()) === `${kind}-first`)
          second.start()
          await until(() => logs.some((l) => l.who === 'second' && l.msg?.startsWith('another indexer writes')))
          await new Promise((resolve) => setTimeout(resolve, 300))
          expect(await holder(), kind).toBe(`${kind}-first`)
          expect(
            logs.some((l) => l.who === 'second' && l.msg?.startsWith('took the writer lease')),
            kind,
          ).toBe(false)

          // the whole process frozen past the lease (as by SIGSTOP): no renewal, no step, nothing runs
          const end = performance.now() + 1_500
          while (performance.now() < end);
          await until(async () => (await holder()) === `${kind}-second`)
          expect(
            logs.some((l) => l.who === 'first' && l.msg?.startsWith('lost the writer lease')),
            kind,
          ).toBe(true)
          // a step of the first writer now (a new block to write) is refused before it writes
          await rpcCall('evm_mine')
          await expect(first.step(), kind).rejects.toThrow(/no longer holds the lease/)
          expect(await holder(), kind).toBe(`${kind}-second`)
        } finally {
          await Promise.all([first.stop(), second.stop()])
        }
        // a clean stop released it: a new writer takes it at once
        const third = writer('third', two)
        try {
          third.start()
          await until(async () => (await holder()) === `${kind}-third`)
        } finally {
          await third.stop()
        }
      }
    } finally {
      await databases.postgres[1].close()
      await databases.pglite[1].close()
      await pglite.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
