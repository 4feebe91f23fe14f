// The whole system: every contract deployed as contracts/scripts/deploy.ts deploys them, the local seed run on it
// (registrations, IDO mints, Burn orders, NFT dividends, Stake, Mining, both FOM pools with a settled round, Double),
// everything indexed from the deployment on, and the GraphQL answers compared with the contracts' own views for
// every seeded account. The chain runs in a child process (libs/testing/src/systemChain.ts) that writes no file.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { burnAbi, doubleAbi, fomoAbi, idoAbi, mainAbi, miningAbi, stakeAbi } from '@nexus/abi'
import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import type { FastifyInstance } from 'fastify'
import { createPublicClient, http, parseEventLogs, type Abi, type Address, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { contractsDir, systemChainScript } from '@nexus/testing'
import { createServer } from './createServer.ts'
import { adminEvents } from './handlers/genericHandlers.ts'
import { resolveSources } from './handlers/resolveSources.ts'
import { createMetrics } from './internal/metrics.ts'
import { createIndexer } from './sync/createIndexer.ts'
import { createRpc } from './sync/createRpc.ts'
import type { Source } from './sync/types.ts'

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }

let chain: ChildProcess
let url: string
let contracts: Record<string, Address>
let sources: Source[]
let client: PublicClient
let testDb: TestDatabase
let db: Database
let app: FastifyInstance
let accounts: Address[]

async function startSystemChain() {
  chain = spawn(process.execPath, ['--conditions=@nexus/source', systemChainScript], {
    cwd: contractsDir,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: 'true', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let errors = ''
  chain.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4_000)))
  return await new Promise<{ url: string; contracts: Record<string, Address> }>((resolve, reject) => {
    chain.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split('\n').find((l) => l.startsWith('{'))
      if (line && output.includes('\n'))
        resolve(JSON.parse(line) as { url: string; contracts: Record<string, Address> })
    })
    chain.once('exit', (code) => reject(new Error(`system chain exited with ${code}:\n${errors}`)))
  })
}

async function graphql<T>(query: string): Promise<T> {
  const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query } })
  const body = JSON.parse(response.body) as { data?: T; errors?: unknown[] }
  if (body.errors) throw new Error(`${query}\n${JSON.stringify(body.errors)}`)
  return body.data as T
}

const read = <T>(name: string, abi: Abi, functionName: string, args: unknown[] = []) =>
  client.readContract({ address: contracts[name] as Address, abi, functionName, args }) as Promise<T>

type OrderNode = { index: string; owner: string; amount: string; status: string }
async function gqlOrders(account: Address, contract: string) {
  const { orders } = await graphql<{ orders: { totalCount: number; nodes: OrderNode[] } }>(
    `{ orders(account: "${account}", contract: "${contract}", first: 100) { totalCount nodes { index owner amount status } } }`,
  )
  return orders
}

beforeAll(async () => {
  ;[{ url, contracts }, testDb] = await Promise.all([
    startSystemChain(),
    createTestDatabase(inject('databaseUrl'), 'indexer_system'),
  ])
  client = createPublicClient({ transport: http(url) })
  db = await createDatabase({ url: testDb.url })
  // Every deployed contract with an ABI, from the first block (the deployment's own blocks included).
  sources = resolveSources(
    Object.fromEntries(Object.entries(contracts).map(([n, address]) => [n, { address, blockNumber: 0 }])),
  )
  const metrics = createMetrics()
  const rpc = createRpc({ url, metrics })
  const indexer = createIndexer({ db, rpc, chainId: 31337, sources, metrics, logger: silent })
  for (let i = 0; ; i++) {
    if ((await indexer.step()).type === 'idle') break
    if (i > 10_000) throw new Error('indexer did not catch up')
  }
  app = createServer({
    db,
    rpc,
    chainId: 31337,
    confirmations: 0,
    readyMaxLag: 5,
    contracts: sources.map((s) => s.name),
  })
  const { seedAccounts } = (await import(join(contractsDir, 'scripts', 'seed', 'accounts.ts'))) as {
    seedAccounts: () => { address: Address }[]
  }
  accounts = seedAccounts().map((a) => a.address)
}, 300_000)

afterAll(async () => {
  await app?.close()
  await db?.close()
  await testDb?.drop()
  chain?.kill('SIGTERM')
})

describe('the whole system, deployed and seeded, against the contracts’ views', () => {
  test('every product contract is indexed', () => {
    expect(sources.map((s) => s.name).sort()).toEqual(
      expect.arrayContaining([
        'Burn',
        'Double',
        'Fomo',
        'Ido',
        'Log',
        'Main',
        'Mining',
        'Nft',
        'Stake',
        'SuperFomo',
        'Token',
      ]),
    )
  })

  test('stakes, mining stakes, FOM orders and Double records of every account equal the contracts’ lists', async () => {
    const lists = [
      ['Stake', stakeAbi, 'getUserStakes'],
      ['Mining', miningAbi, 'getUserStakes'],
      ['Fomo', fomoAbi, 'getUserOrders'],
      ['SuperFomo', fomoAbi, 'getUserOrders'],
      ['Double', doubleAbi, 'getUserRecords'],
    ] as const
    let compared = 0
    for (const account of accounts) {
      for (const [name, abi, view] of lists) {
        const [items, total] = await read<[{ index: bigint; owner: Address; amount: bigint }[], bigint]>(
          name,
          abi as Abi,
          view,
          [account, 0n, 100n],
        )
        const orders = await gqlOrders(account, name)
        expect(orders.totalCount, `${name} ${account}`).toBe(Number(total))
        const fromChain = items.map((o) => [o.index.toString(), o.owner.toLowerCase(), o.amount.toString()])
        const fromIndex = orders.nodes.map((o) => [o.index, o.owner, o.amount])
        expect(fromIndex.sort(), `${name} ${account}`).toEqual(fromChain.sort())
        compared += items.length
      }
    }
    expect(compared).toBeGreaterThan(30)
  })

  test('Burn orders of every account equal Burn.users and Burn.userOrderIndex', async () => {
    let compared = 0
    for (const account of accounts) {
      const user = await read<{ orders: bigint }>('Burn', burnAbi as Abi, 'users', [account])
      const indexes: string[] = []
      for (let i = 0n; i < user.orders; i++) {
        indexes.push(String(await read<bigint>('Burn', burnAbi as Abi, 'userOrderIndex', [account, i])))
      }
      const orders = await gqlOrders(account, 'Burn')
      expect(orders.totalCount, account).toBe(Number(user.orders))
      expect(orders.nodes.map((o) => o.index).sort()).toEqual(indexes.sort())
      compared += indexes.length
    }
    expect(compared).toBeGreaterThan(5)
    // The order the seed forced out by its 1.5x cap is listed as out.
    const statuses = await db.pool.query<{ status: string }>(
      "SELECT DISTINCT status FROM order_change WHERE contract = 'Burn'",
    )
    expect(statuses.rows.map((r) => r.status)).toContain('out')
  })

  test('IDO mints of every account add up to Ido.users (times, amount, tokens, NFTs)', async () => {
    let minted = 0
    for (const account of accounts) {
      const user = await read<{ counts: bigint; amount: bigint; amountNEX: bigint; tokens: bigint; nfts: bigint }>(
        'Ido',
        idoAbi as Abi,
        'users',
        [account],
      )
      const { mints } = await graphql<{
        mints: { nodes: { times: string; amount: string; amountNEX: string; tokens: string; nfts: string }[] }
      }>(`{ mints(account: "${account}", first: 100) { nodes { times amount amountNEX tokens nfts } } }`)
      const sum = (field: 'times' | 'amount' | 'amountNEX' | 'tokens' | 'nfts') =>
        mints.nodes.reduce((total, m) => total + BigInt(m[field]), 0n)
      expect([sum('times'), sum('amount'), sum('amountNEX'), sum('tokens'), sum('nfts')], account).toEqual([
        user.counts,
        user.amount,
        user.amountNEX,
        user.tokens,
        user.nfts,
      ])
      minted += mints.nodes.length
    }
    expect(minted).toBeGreaterThan(5)
  })

  test('FOM rounds and their winners equal Fomo.getRound in both pools', async () => {
    for (const name of ['Fomo', 'SuperFomo']) {
      const { fomoRounds } = await graphql<{
        fomoRounds: {
          nodes: {
            round: string
            settled: boolean
            pot: string | null
            paid: string | null
            winners: { orderIndex: string }[]
          }[]
        }
      }>(`{ fomoRounds(contract: "${name}", first: 20) { nodes { round settled pot paid winners { orderIndex } } } }`)
      const settled = fomoRounds.nodes.filter((r) => r.settled)
      expect(settled.length, name).toBeGreaterThan(0)
      for (const round of settled) {
        const view = await read<{ settled: boolean; pot: bigint; paid: bigint; winners: readonly bigint[] }>(
          name,
          fomoAbi as Abi,
          'getRound',
          [BigInt(round.round)],
        )
        expect(view.settled).toBe(true)
        expect([round.pot, round.paid]).toEqual([view.pot.toString(), view.paid.toString()])
        expect(round.winners.map((w) => w.orderIndex)).toEqual(view.winners.map(String))
      }
    }
  })

  test('each settled FOM round names the transaction of its RoundSettled event', async () => {
    for (const name of ['Fomo', 'SuperFomo']) {
      const { fomoRounds } = await graphql<{
        fomoRounds: { nodes: { round: string; settled: boolean; settlementTransaction: string | null }[] }
      }>(`{ fomoRounds(contract: "${name}", first: 20) { nodes { round settled settlementTransaction } } }`)
      const logs = parseEventLogs({
        abi: fomoAbi as Abi,
        eventName: 'RoundSettled',
        logs: await client.getLogs({ address: contracts[name] as Address, fromBlock: 0n, toBlock: 'latest' }),
      }) as unknown as { args: { round: bigint }; transactionHash: string }[]
      const expected = new Map(logs.map((log) => [log.args.round.toString(), log.transactionHash]))
      expect(fomoRounds.nodes.filter((round) => round.settled).length, name).toBeGreaterThan(0)
      for (const round of fomoRounds.nodes) {
        expect(round.settlementTransaction, `${name} round ${round.round}`).toBe(
          round.settled ? expected.get(round.round) : null,
        )
      }
    }
  })

  test('registrations equal Main.users for every account', async () => {
    for (const account of accounts) {
      const [index, referrer] = await read<[bigint, Address]>('Main', mainAbi as Abi, 'users', [account])
      const { team } = await graphql<{ team: { registered: boolean; referrer: string | null } }>(
        `{ team(account: "${account}") { registered referrer } }`,
      )
      expect(team, account).toEqual({ registered: index > 0n, referrer: index > 0n ? referrer.toLowerCase() : null })
    }
  })

  test('admin actions of every contract equal its privileged events on the chain', async () => {
    let compared = 0
    for (const source of sources) {
      const logs = await client.getLogs({ address: source.address, fromBlock: 0n, toBlock: 'latest' })
      const expected = parseEventLogs({ abi: source.abi, logs }).filter((l) => adminEvents.has(l.eventName ?? ''))
      const names: string[] = []
      let after: string | null = null
      for (;;) {
        const page: {
          adminActions: { nodes: { eventName: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }
        } = await graphql(
          `{ adminActions(contract: "${source.name}", first: 100${after ? `, after: "${after}"` : ''}) { nodes { eventName } pageInfo { hasNextPage endCursor } } }`,
        )
        names.push(...page.adminActions.nodes.map((n) => n.eventName))
        if (!page.adminActions.pageInfo.hasNextPage) break
        after = page.adminActions.pageInfo.endCursor
      }
      expect(names.reverse(), source.name).toEqual(expected.map((l) => l.eventName))
      compared += names.length
    }
    // Initializations, ownerships, writers, managers and settings of every contract.
    expect(compared).toBeGreaterThan(20)
  })
})
