// End to end on a real Hardhat node and PostgreSQL: GraphQL answers against the chain's own views, reorgs,
// RPC faults and crashes (each compared with a clean index of the canonical chain), and GraphQL abuse.
// INDEXER_DEEP=1 runs the heavier variants (more events, more crash trials).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { logAbi, mainAbi } from '@nexus/abi'
import { logActionName, logCodeOf, logSymbolName } from '@nexus/sdk'
import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import type { FastifyInstance } from 'fastify'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { deployCore, rpcCall, type Core } from './_test/deployCore.ts'
import { startFaultyProxy, startHardhatNode, type HardhatNode } from '@nexus/testing'
import { createServer } from './createServer.ts'
import { createMetrics } from './internal/metrics.ts'
import { dumpIndex, emptyIndex } from './_test/dumpIndex.ts'
import { createIndexer } from './sync/createIndexer.ts'
import { createRpc } from './sync/createRpc.ts'

const deep = process.env.INDEXER_DEEP === '1'
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }

let node: HardhatNode
let core: Core
let testDb: TestDatabase
let cleanDb: TestDatabase
let db: Database
let clean: Database

function newIndexer(target: Database, options: { url?: string; maxRange?: number; timeout?: number } = {}) {
  const metrics = createMetrics()
  return createIndexer({
    db: target,
    rpc: createRpc({
      url: options.url ?? node.url,
      metrics,
      retries: 3,
      backoff: 10,
      timeout: options.timeout ?? 10_000,
    }),
    chainId: 31337,
    sources: core.sources,
    metrics,
    logger: silent,
    maxRange: options.maxRange ?? 5_000,
    deferIndexesAbove: Infinity,
  })
}

async function catchUp(indexer: ReturnType<typeof newIndexer>, tolerateErrors = false) {
  for (let i = 0; i < 20_000; i++) {
    try {
      const event = await indexer.step()
      if (event.type === 'idle') return
    } catch (error) {
      if (!tolerateErrors) throw error
    }
  }
  throw new Error('indexer did not catch up')
}

const dump = dumpIndex

async function cleanIndex() {
  await emptyIndex(clean)
  await catchUp(newIndexer(clean))
  return await dump(clean)
}

const head = async () => BigInt(await rpcCall<Hex>(node.url, 'eth_blockNumber'))

beforeAll(async () => {
  ;[node, testDb, cleanDb] = await Promise.all([
    startHardhatNode(),
    createTestDatabase(inject('databaseUrl'), 'indexer_e2e'),
    createTestDatabase(inject('databaseUrl'), 'indexer_e2e_clean'),
  ])
  ;[db, clean] = await Promise.all([createDatabase({ url: testDb.url }), createDatabase({ url: cleanDb.url })])
  core = await deployCore(node.url)
})
afterAll(async () => {
  await Promise.all([db?.close(), clean?.close()])
  await Promise.all([testDb?.drop(), cleanDb?.drop(), node?.stop()])
})

describe('end to end: GraphQL against the chain’s own views', () => {
  let app: FastifyInstance
  let queries = 0
  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } })
    return JSON.parse(response.body) as { data?: Record<string, unknown>; errors?: { message: string }[] }
  }

  beforeAll(async () => {
    const [, genesis, a, b, c, d, e] = core.accounts as Address[] as [
      Address,
      Address,
      Address,
      Address,
      Address,
      Address,
      Address,
    ]
    await core.register(a, genesis)
    await core.register(b, a)
    await core.register(c, a)
    await core.register(d, b)
    await core.register(e, d)
    for (const [i, who] of [a, b, c, d, e, a, a, b].entries()) {
      await core.addLog(who, i % 2 ? 'USDT' : 'NEX', i % 3 ? 'stake_deposit' : 'mining_release', BigInt(1_000 + i))
      await core.addLog(who, 'USDT', 'claim', BigInt(10 + i))
    }
    // Referral and team credits, of every kind: events only on chain (no account's list holds them); the IDO's
    // count as rewards, the others do not (their claim does).
    await core.addCredits(e, 'NEX', [
      { owner: d, action: 'ido_direct', amount: 500n },
      { owner: b, action: 'ido_indirect', amount: 250n },
      { owner: a, action: 'burn_team', amount: 120n },
    ])
    await core.addCredits(d, 'USDT', [
      { owner: b, action: 'burn_direct', amount: 31n },
      { owner: a, action: 'burn_indirect', amount: 32n },
      { owner: b, action: 'fomo_direct', amount: 33n },
      { owner: a, action: 'fomo_indirect', amount: 34n },
      { owner: genesis, action: 'fomo_team', amount: 35n },
      { owner: b, action: 'stake_direct', amount: 36n },
      { owner: a, action: 'stake_indirect', amount: 37n },
      { owner: b, action: 'ido_direct', amount: 38n },
      { owner: a, action: 'ido_indirect', amount: 39n },
    ])
    await rpcCall(node.url, 'evm_increaseTime', [700]) // next Log day: today's rewards become yesterday's
    await core.addLog(a, 'NEX', 'claim', 77n)
    await core.addCredits(c, 'NEX', [
      { owner: a, action: 'ido_direct', amount: 300n },
      { owner: b, action: 'burn_direct', amount: 90n },
    ])
    await core.addLogs([a, b, c], 50, 1) // one block of 50 entries
    await catchUp(newIndexer(db, { maxRange: 7 }))
    const counted = {
      query: (...args: Parameters<typeof db.pool.query>) => {
        queries++
        return db.pool.query(...(args as unknown as [string]))
      },
    }
    app = createServer({
      db: { pool: counted as unknown as typeof db.pool },
      rpc: createRpc({ url: node.url, metrics: createMetrics() }),
      chainId: 31337,
      confirmations: 0,
      readyMaxLag: 5,
      contracts: core.sources.map((s) => s.name),
    })
  })
  afterAll(() => app?.close())

  /** The chain's LogAdded events (every entry: an account's own and the credits others' actions paid it). */
  const chainEntries = async () =>
    (
      await core.publicClient.getContractEvents({
        address: core.log,
        abi: logAbi,
        eventName: 'LogAdded',
        fromBlock: 0n,
      })
    ).map((e) => e.args as Required<(typeof e)['args']>)
  /** A credit's LogAdded `userIndex`: no account's list holds it. */
  const CREDIT = 2n ** 256n - 1n

  /** `account`'s action log in GraphQL, every page, newest first. */
  const indexedLog = async (account: string) => {
    const nodes: Record<string, unknown>[] = []
    let after: string | null = null
    let totalCount = 0
    do {
      const result = await gql(
        `query ($account: String!, $after: String) { actionLog(account: $account, first: 100, after: $after) {
           nodes { index owner from writer userIndex symbol action isReduce isReward amount balance startTime }
           pageInfo { hasNextPage endCursor } totalCount } }`,
        { account, after },
      )
      const page = result.data?.actionLog as {
        nodes: Record<string, unknown>[]
        pageInfo: { hasNextPage: boolean; endCursor: string }
        totalCount: number
      }
      totalCount = page.totalCount
      nodes.push(...page.nodes)
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null
    } while (after)
    expect(nodes).toHaveLength(totalCount)
    return nodes
  }

  test('every account’s action log, page by page, equals Log.getUserLogs and the credits’ events', async () => {
    const events = await chainEntries()
    const credited = new Set(events.filter((e) => e.userIndex === CREDIT).map((e) => e.action))
    // every kind of credit is on the chain
    expect([...credited].map((code) => logActionName(code)).sort()).toEqual(
      [
        'burn_direct',
        'burn_indirect',
        'burn_team',
        'fomo_direct',
        'fomo_indirect',
        'fomo_team',
        'ido_direct',
        'ido_indirect',
        'stake_direct',
        'stake_indirect',
      ].sort(),
    )
    for (const account of core.accounts.slice(0, 8)) {
      // the account's own entries: its list on chain
      const own: unknown[][] = []
      for (let offset = 0n; ; offset += 100n) {
        const [entries, total] = (await core.publicClient.readContract({
          address: core.log,
          abi: logAbi,
          functionName: 'getUserLogs',
          args: [account, offset, 100n],
        })) as unknown as [
          { index: bigint; symbol: number; action: number; amount: bigint; isReduce: boolean }[],
          bigint,
        ]
        own.push(
          ...entries.map((x) => [
            String(x.index),
            logSymbolName(x.symbol),
            logActionName(x.action),
            String(x.amount),
            x.isReduce,
          ]),
        )
        if (offset + 100n >= total) break
      }
      // the credits others' actions paid it: their events
      const credits = events
        .filter((e) => e.userIndex === CREDIT && e.owner.toLowerCase() === account.toLowerCase())
        .map((x) => [String(x.index), logSymbolName(x.symbol), logActionName(x.action), String(x.amount), x.isReduce])
      const fromChain = [...own, ...credits].sort((x, y) => Number(BigInt(y[0] as string) - BigInt(x[0] as string)))
      const fromIndex = (await indexedLog(account)).map((x) => [x.index, x.symbol, x.action, x.amount, x.isReduce])
      expect(fromIndex).toEqual(fromChain)
    }
  })

  test('every indexed entry, credits included, equals its LogAdded event field by field; totalLog counts both', async () => {
    const events = await chainEntries()
    const totalLog = (await core.publicClient.readContract({
      address: core.log,
      abi: logAbi,
      functionName: 'totalLog',
    })) as bigint
    expect(BigInt(events.length)).toBe(totalLog)
    expect(events.filter((e) => e.userIndex === CREDIT).length).toBeGreaterThanOrEqual(14)
    const indexed = new Map<string, Record<string, unknown>>()
    for (const account of new Set(events.map((e) => e.owner.toLowerCase())))
      for (const node of await indexedLog(account)) indexed.set(String(node.index), node)
    expect(indexed.size).toBe(events.length)
    for (const e of events) {
      expect(indexed.get(String(e.index))).toEqual({
        index: String(e.index),
        owner: e.owner.toLowerCase(),
        from: e.from.toLowerCase(),
        writer: e.writer.toLowerCase(),
        userIndex: String(e.userIndex),
        symbol: logSymbolName(e.symbol),
        action: logActionName(e.action),
        isReduce: e.isReduce,
        isReward: e.isReward,
        amount: String(e.amount),
        balance: String(e.balance),
        startTime: String(e.startTime),
      })
    }
  })

  test('filters by symbol and action equal Log.getUserSymbolActions', async () => {
    const account = core.accounts[2] as Address
    for (const [symbol, action] of [
      ['USDT', 'stake_deposit'],
      ['NEX', 'mining_release'],
      ['USDT', 'claim'],
    ] as const) {
      const [entries] = (await core.publicClient.readContract({
        address: core.log,
        abi: logAbi,
        functionName: 'getUserSymbolActions',
        args: [account, logCodeOf('symbol', symbol) ?? 0, logCodeOf('action', action) ?? 0, 0n, 100n],
      })) as unknown as [{ index: bigint }[], bigint]
      const result = await gql(
        `{ actionLog(account: "${account}", symbol: "${symbol}", action: "${action}", first: 100) { nodes { index } } }`,
      )
      expect((result.data?.actionLog as { nodes: { index: string }[] }).nodes.map((n) => n.index)).toEqual(
        entries.map((x) => String(x.index)),
      )
    }
  })

  test('rewards by symbol (total, today, yesterday) equal Log.getUserRewards', async () => {
    for (const account of core.accounts.slice(0, 8)) {
      const symbols = ['USDT', 'NEX', 'BNB']
      const fromChain = (await core.publicClient.readContract({
        address: core.log,
        abi: logAbi,
        functionName: 'getUserRewards',
        args: [account, symbols.map((symbol) => logCodeOf('symbol', symbol) ?? 0)],
      })) as { total: bigint; today: bigint; yesterday: bigint }[]
      const result = await gql(
        `{ rewards(account: "${account}", symbols: ["USDT", "NEX", "BNB"]) { symbol total today yesterday } }`,
      )
      expect(result.data?.rewards).toEqual(
        symbols
          .map((symbol, i) => ({
            symbol,
            total: String(fromChain[i]?.total),
            today: String(fromChain[i]?.today),
            yesterday: String(fromChain[i]?.yesterday),
          }))
          .sort((x, y) => x.symbol.localeCompare(y.symbol)),
      )
    }
  })

  test('daily rewards: today and yesterday per symbol equal Log.getUserRewards, older days sum to the rest', async () => {
    const symbols = ['USDT', 'NEX']
    for (const account of core.accounts.slice(0, 8)) {
      const fromChain = (await core.publicClient.readContract({
        address: core.log,
        abi: logAbi,
        functionName: 'getUserRewards',
        args: [account, symbols.map((symbol) => logCodeOf('symbol', symbol) ?? 0)],
      })) as { total: bigint; today: bigint; yesterday: bigint }[]
      const result = await gql(`{ dailyRewards(account: "${account}", days: 30) { symbol day startTime amount } }`)
      const days = result.data?.dailyRewards as { symbol: string; day: string; startTime: string; amount: string }[]
      expect(days).toBeDefined()
      const dayTimes = (await core.publicClient.readContract({
        address: core.log,
        abi: logAbi,
        functionName: 'dayTimes',
      })) as bigint
      const today = (await core.publicClient.getBlock()).timestamp / dayTimes
      for (const [i, symbol] of symbols.entries()) {
        const mine = days.filter((d) => d.symbol === symbol)
        const on = (day: bigint) => mine.filter((d) => BigInt(d.day) === day).reduce((s, d) => s + BigInt(d.amount), 0n)
        const sum = mine.reduce((s, d) => s + BigInt(d.amount), 0n)
        // Every reward here is from the last 30 days, so the days add up to the total.
        const reward = fromChain[i]
        if (!reward) throw new Error(`no reward read for ${symbol}`)
        expect(sum).toBe(reward.total)
        expect(on(today)).toBe(reward.today)
        expect(on(today - 1n)).toBe(reward.yesterday)
        for (const d of mine) expect(BigInt(d.startTime)).toBe(BigInt(d.day) * dayTimes)
      }
      const days1 = await gql(`{ dailyRewards(account: "${account}", days: 1) { symbol day amount } }`)
      expect((days1.data?.dailyRewards as { day: string }[]).every((d) => BigInt(d.day) >= today)).toBe(true)
    }
    const bad = await gql(`{ dailyRewards(account: "${core.accounts[0]}", days: 91) { day } }`)
    expect(bad.errors?.[0]?.message).toMatch(/days/)
  })

  test('teams (direct, indirect, size) and invitations equal the tree of Main.users', async () => {
    const referrerOf = new Map<string, string>()
    for (const account of core.accounts) {
      const [index, referrer] = (await core.publicClient.readContract({
        address: core.main,
        abi: mainAbi,
        functionName: 'users',
        args: [account],
      })) as [bigint, Address]
      if (index > 0n) referrerOf.set(account.toLowerCase(), referrer.toLowerCase())
    }
    const descendants = (root: string, depth = 1): [string, number][] =>
      [...referrerOf]
        .filter(([, r]) => r === root)
        .flatMap(([m]) => [[m, depth] as [string, number], ...descendants(m, depth + 1)])
    for (const account of [...referrerOf.keys()]) {
      const all = descendants(account)
      const result = await gql(
        `{ team(account: "${account}") { registered referrer directCount indirectCount teamSize }
           invitations(account: "${account}", first: 100) { nodes { account distance } }
           indirectMembers(account: "${account}", first: 100) { nodes { account distance } } }`,
      )
      expect(result.data?.team).toEqual({
        registered: true,
        referrer: referrerOf.get(account),
        directCount: all.filter(([, d]) => d === 1).length,
        indirectCount: all.filter(([, d]) => d > 1).length,
        teamSize: all.length,
      })
      const direct = (result.data?.invitations as { nodes: { account: string }[] }).nodes.map((n) => n.account)
      expect(direct.sort()).toEqual(
        all
          .filter(([, d]) => d === 1)
          .map(([m]) => m)
          .sort(),
      )
      const indirect = (result.data?.indirectMembers as { nodes: { account: string; distance: number }[] }).nodes
      expect(indirect.map((n) => [n.account, n.distance]).sort()).toEqual(all.filter(([, d]) => d > 1).sort())
    }
  })

  test('admin actions list the Log writers set and the initializations', async () => {
    const result = await gql(`{ adminActions(contract: "Log", first: 100) { nodes { eventName target newValue } } }`)
    const nodes = (result.data?.adminActions as { nodes: { eventName: string; target: string; newValue: string }[] })
      .nodes
    expect(nodes.filter((n) => n.eventName === 'WriterUpdated').map((n) => [n.target, n.newValue])).toEqual([
      [core.multicall.toLowerCase(), 'true'],
      [(core.accounts[0] as string).toLowerCase(), 'true'],
    ])
    expect(nodes.some((n) => n.eventName === 'DayTimesUpdated' && n.newValue === '600')).toBe(true)
  })

  describe('abuse: rejected with a clear error, no stack trace, no database query', () => {
    const rejected = async (query: string, variables?: Record<string, unknown>) => {
      const before = queries
      const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } })
      const body = JSON.parse(response.body) as { data?: unknown; errors?: { message: string; extensions?: unknown }[] }
      expect(body.errors?.length).toBeGreaterThan(0)
      expect(response.body).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/)
      expect(queries - before).toBe(0)
      return body.errors?.[0]?.message ?? ''
    }
    const account = '0x0000000000000000000000000000000000000001'

    test('depth 50, 100 aliases, first: 100000', async () => {
      const deepQuery = `{ ${'indexerStatus { '.repeat(1)}chainId${' }'.repeat(1)} ${'a: stats { orders { contract } } '} }`
      expect(await rejected(`{ x: ${'stats { '.repeat(49)}registrations${' }'.repeat(49)} }`)).toMatch(
        /depth|Cannot query|field/i,
      )
      expect(deepQuery).toBeTruthy()
      const aliases = Array.from({ length: 100 }, (_, i) => `a${i}: stats { registrations }`).join(' ')
      expect(await rejected(`{ ${aliases} }`)).toMatch(/more than 15 aliases/)
      expect(await rejected(`{ actionLog(account: "${account}", first: 100000) { nodes { index } } }`)).toMatch(
        /first|cost/,
      )
      expect(
        await rejected(`query ($n: Int) { actionLog(account: "${account}", first: $n) { nodes { index } } }`, {
          n: 100_000,
        }),
      ).toMatch(/Argument "first": must be between 1 and 100 \(got 100000\)/)
    })

    test('a 1 MB body is refused before parsing', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: `{ stats { registrations } } #${'x'.repeat(1_048_576)}` },
      })
      expect(response.statusCode).toBe(413)
    })

    test('malformed cursors name the argument', async () => {
      for (const after of ['nonsense', 'bm9wZQ', Buffer.from('mints:1:2').toString('base64url'), "' OR 1=1 --"]) {
        expect(
          await rejected(
            `query ($after: String) { actionLog(account: "${account}", after: $after) { nodes { index } } }`,
            {
              after,
            },
          ),
        ).toMatch(/^Argument "after": is not a cursor of actionLog/)
      }
    })

    test('SQL-looking strings in every string argument', async () => {
      const sql = "x'; DROP TABLE action_log; --"
      expect(await rejected(`query ($a: String!) { actionLog(account: $a) { nodes { index } } }`, { a: sql })).toMatch(
        /^Argument "account": must be a 0x-prefixed 20-byte hex address/,
      )
      expect(
        await rejected(`query ($c: String!) { orders(account: "${account}", contract: $c) { nodes { index } } }`, {
          c: sql,
        }),
      ).toMatch(/^Argument "contract": must be one of/)
      // Free-text filters are parameters: a SQL-looking symbol is just a symbol nobody has.
      const result = await gql(
        `query ($s: String, $k: String) { actionLog(account: "${account}", symbol: $s, action: $s) { nodes { index } totalCount }
           accountEvents(account: "${account}", kind: $k) { nodes { kind } } }`,
        { s: sql, k: sql },
      )
      expect(result.errors).toBeUndefined()
      expect(result.data?.actionLog).toEqual({ nodes: [], totalCount: 0 })
      expect((await db.pool.query('SELECT count(*)::int AS n FROM action_log')).rows[0].n).toBeGreaterThan(0)
    })
  })
})

describe('reorgs: replacing the last 1, 2, 5 and 15 blocks', () => {
  test.each([1, 2, 5, 15])('%i blocks: identical to a clean index of the canonical chain', async (depth) => {
    const indexer = newIndexer(db, { maxRange: 3 })
    await catchUp(indexer)
    const accounts = core.accounts
    const snapshot = await rpcCall<Hex>(node.url, 'evm_snapshot')
    for (let i = 0; i < depth; i++) await core.addLog(accounts[i % 5] as Address, 'NEX', 'double_claim', BigInt(i + 1))
    await catchUp(indexer)
    expect(
      (await db.pool.query("SELECT count(*)::int AS n FROM action_log WHERE action = 'double_claim'")).rows[0].n,
    ).toBe(depth)
    await rpcCall(node.url, 'evm_revert', [snapshot])
    for (let i = 0; i < depth + 1; i++) {
      await core.addLog(
        accounts[(i + 3) % 7] as Address,
        'USDT',
        i % 2 === 0 ? 'fomo_reward' : 'fomo_release',
        BigInt(100 + i),
      )
    }
    const first = await indexer.step()
    expect(first.type).toBe('reorg')
    await catchUp(indexer)
    const after = await dump(db)
    expect(after.action_log?.some((row) => String(row).includes('"double_claim"'))).toBe(false)
    expect(after).toEqual(await cleanIndex())
  })
})

describe('RPC faults through a faulty proxy', () => {
  test('10% timeouts, 429, 5xx, garbage and empty answers: identical final state', async () => {
    await core.addLogs(core.accounts.slice(0, 6), 50, 7)
    for (let i = 0; i < 30; i++) await core.addLog(core.accounts[i % 6] as Address, 'BNB', 'fomo_prize', BigInt(i + 1))
    const proxy = await startFaultyProxy(node.url, 0.1, 12345)
    const target = await createTestDatabase(inject('databaseUrl'), 'indexer_faults')
    const faulty = await createDatabase({ url: target.url })
    try {
      await catchUp(newIndexer(faulty, { url: proxy.url, maxRange: 4, timeout: 500 }), true)
      expect(Object.values(proxy.faults).reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
      expect(await dump(faulty)).toEqual(await cleanIndex())
    } finally {
      await proxy.stop()
      await faulty.close()
      await target.drop()
    }
  })
})

describe('crash safety', () => {
  const events = deep ? 50_000 : 10_000
  const trials = deep ? 25 : 10

  test(`killed at random points during a catch-up of ${events} events (${trials} trials): identical to a clean index`, async () => {
    // Events indexed: event_log rows and the Log contract's entries, which are stored as action_log rows only.
    const indexedEvents = async () =>
      Number(
        (await clean.pool.query('SELECT (SELECT count(*) FROM event_log) + (SELECT count(*) FROM action_log) AS n'))
          .rows[0].n,
      )
    const before = await indexedEvents()
    for (let sent = 0; sent < events; sent += 50) await core.addLogs(core.accounts.slice(0, 9), 50, sent / 50)
    const target = await createTestDatabase(inject('databaseUrl'), 'indexer_crash')
    const crashing = await createDatabase({ url: target.url })
    const script = join(import.meta.dirname, '_test', 'runIndexer.ts')
    const env = {
      ...process.env,
      DATABASE_URL: target.url,
      RPC_URL: node.url,
      MAX_RANGE: '3',
      SOURCES: JSON.stringify(
        core.sources.map((s) => ({ name: s.name, address: s.address, startBlock: String(s.startBlock) })),
      ),
    }
    const chainHead = await head()
    let killedMidway = 0
    try {
      for (let trial = 0; trial < trials; trial++) {
        const child = spawn(process.execPath, ['--conditions=@nexus/source', script], {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        const exited = new Promise((resolve) => child.once('exit', resolve))
        await new Promise<void>((resolve) => {
          child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('indexing') && resolve())
          child.once('exit', () => resolve())
        })
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 250))
        child.kill('SIGKILL')
        await exited
        const row = (await crashing.pool.query('SELECT block_number FROM chain_checkpoint')).rows[0]
        if (!row || BigInt(row.block_number) < chainHead) killedMidway++
      }
      expect(killedMidway).toBeGreaterThanOrEqual(Math.min(trials, 10))
      const indexer = newIndexer(crashing)
      await catchUp(indexer)
      // Secondary indexes dropped by a killed catch-up are rebuilt once caught up.
      indexer.start()
      for (let i = 0; i < 100; i++) {
        if (!(await crashing.pool.query('SELECT 1 FROM deferred_index')).rowCount) break
        await new Promise((r) => setTimeout(r, 100))
      }
      await indexer.stop()
      const expected = await cleanIndex()
      expect((await indexedEvents()) - before).toBeGreaterThanOrEqual(events)
      expect(await dump(crashing)).toEqual(expected)
      const indexes = async (target: Database) =>
        (await target.pool.query("SELECT indexname FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1")).rows
      expect(await indexes(crashing)).toEqual(await indexes(clean))
    } finally {
      await crashing.close()
      await target.drop()
    }
  }, 600_000)
})
