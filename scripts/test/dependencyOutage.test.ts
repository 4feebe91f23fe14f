// The services survive their dependencies. The indexer, the legacy API and the keeper run as an operator starts them
// (main.ts, the environment, a deployments file) against a real PostgreSQL 15 cluster of this test and a chain node
// they reach only through the repository's faulty JSON-RPC proxy, while users keep registering on the chain, the
// legacy API is asked for pages without a pause and withdrawals wait for the keeper. Then, one after the other:
//   1. PostgreSQL restarts under that load (`pg_ctl stop -m fast`, 8 s away, started again);
//   2. the node cannot be reached for a minute (every connection reset);
//   3. the node answers only errors for 15 s (HTTP 500/503, bodies that are not JSON, answers without a result).
// During each, every service's /readyz answers 503 naming what is away, and every legacy answer is HTTP 200 with the
// envelope, code 0 or the retryable 5030. Afterwards every service is ready again by itself without a restart (none
// exited), the index equals a clean index of the same chain table by table, and each withdrawal is paid once: one
// transfer on chain and its payout recorded.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import {
  createTestClient,
  createWalletClient,
  http,
  parseAbi,
  parseAbiItem,
  parseEther,
  publicActions,
  type Address,
  type Hex,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { FaultyProxy } from '@nexus/testing'

const root = join(import.meta.dirname, '..', '..')
const hardhatCli = join(root, 'node_modules', 'hardhat', 'dist', 'src', 'cli.js')
const dir = mkdtempSync(join(tmpdir(), 'dependency-outage-'))
const devAccount = (index: number) =>
  mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index })
const keeperKey = `0x${'4c'.repeat(32)}` as Hex
const keeper = privateKeyToAccount(keeperKey)
const deployerKey = `0x${'d2'.repeat(32)}` as Hex
const mainAbi = parseAbi(['function genesis() view returns (address)', 'function register(address referrer)'])
const usdtMintAbi = parseAbi(['function mint(address to, uint256 amount)'])
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

type Service = { name: string; url: string; child: ChildProcess; output: () => string }
type Deployment = { chainId: number; contracts: Record<string, { address: Address; blockNumber: number }> }

let node: { url: string; stop: () => Promise<void> }
let cluster: { url: string; stop: () => void; halt: (mode?: string) => void; resume: () => void }
let proxy: FaultyProxy
let deployed: { file: string; standInDeployer: Address }
let deployment: Deployment
let startBlock: string
const services: Service[] = []
/** Database URLs on the test's cluster: the trial's and the clean index's. */
const databaseUrl = (name: string) => {
  const url = new URL(cluster.url)
  url.pathname = `/${name}`
  return url.toString()
}

const freePort = async () => (await import('@nexus/testing')).freePort()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function startService(name: string, app: string, env: Record<string, string>): Promise<Service> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--conditions=@nexus/source', join(root, 'apps', app, 'src', 'main.ts')], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const service = { name, url: `http://127.0.0.1:${port}`, child, output: () => output }
  services.push(service)
  await until(`${name} ready`, async () => (await readiness(service)).status === 200, 240_000)
  return service
}

async function stopService(service: Service) {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return
  const exited = new Promise((resolve) => service.child.once('exit', resolve))
  service.child.kill('SIGTERM')
  await exited
}

async function readiness(service: Service): Promise<{ status: number; body: string }> {
  if (service.child.exitCode !== null)
    throw new Error(`${service.name} exited (${service.child.exitCode}):\n${service.output().slice(-4000)}`)
  return await fetch(`${service.url}/readyz`, { signal: AbortSignal.timeout(20_000) }).then(
    async (response) => ({ status: response.status, body: await response.text() }),
    (error: Error) => ({ status: 0, body: error.message }),
  )
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(250)
  }
}

/** Every service answers /readyz 503 (naming `reason`) while a dependency is away. */
async function allNotReady(reason: RegExp) {
  for (const service of services) {
    let last = { status: 0, body: '' }
    await until(
      `${service.name} not ready (${reason})`,
      async () => {
        last = await readiness(service)
        return last.status === 503 && reason.test(last.body)
      },
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; last answer ${last.status} ${last.body.slice(0, 300)}`)
    })
  }
}

const allReady = async () => {
  for (const service of services)
    await until(`${service.name} ready again`, async () => (await readiness(service)).status === 200, 180_000)
}

/** The legacy API asked for pages without a pause: every answer kept (HTTP status and envelope code). */
const legacyAnswers: { status: number; code: unknown; body: string }[] = []
let legacyLoad: Promise<void> | undefined
let chainLoad: Promise<void> | undefined
let loading = true

async function legacyLoop(url: string) {
  const routes = ['machineTypeList', 'nodeList', 'isRegister']
  for (let i = 0; loading; i++) {
    const route = routes[i % routes.length] as string
    const answer = await fetch(`${url}/api/api/invest/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
      body: `address=${devAccount(3).address}`,
      signal: AbortSignal.timeout(30_000),
    }).then(
      async (response) => {
        const body = await response.text()
        let code: unknown
        try {
          code = (JSON.parse(body) as { code?: unknown }).code
        } catch {
          code = undefined
        }
        return { status: response.status, code, body: body.slice(0, 300) }
      },
      (error: Error) => ({ status: 0, code: undefined, body: error.message }),
    )
    legacyAnswers.push(answer)
    await sleep(50)
  }
}

/** Users register on Main, one a second, straight on the node (the services' proxy does not touch them). */
const registered: Address[] = []
async function chainLoop() {
  const genesis = await wallet(devAccount(1)).readContract({
    address: address('Main'),
    abi: mainAbi,
    functionName: 'genesis',
  })
  for (let index = 100; loading && index < 400; index++) {
    const account = devAccount(index)
    const referrer = registered.at(-1) ?? genesis
    const client = wallet(account)
    const test = createTestClient({ mode: 'hardhat', transport: http(node.url) })
    await test.setBalance({ address: account.address, value: parseEther('10') })
    const hash = await client.writeContract({
      address: address('Main'),
      abi: mainAbi,
      functionName: 'register',
      args: [referrer],
      chain: null,
    })
    await client.waitForTransactionReceipt({ hash })
    registered.push(account.address)
    await sleep(1_000)
  }
}

const address = (name: string) => {
  const found = deployment.contracts[name]?.address
  if (!found) throw new Error(`${name} is not in the deployments file`)
  return found
}
const wallet = (account: ReturnType<typeof devAccount>) =>
  createWalletClient({ account, chain: undefined, transport: http(node.url) }).extend(publicActions)

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => undefined)
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

/** Withdrawals as the legacy API accepts them (the balance already taken): users 70.., `amount` USDT each. */
const withdrawals: { id: number; to: Address; amount: string }[] = []
async function addWithdrawals(count: number) {
  for (let n = 0; n < count; n++) {
    const to = devAccount(70 + withdrawals.length).address
    const amount = String(1 + withdrawals.length)
    const [user] = await sql<{ id: number }>(
      databaseUrl('trial'),
      'INSERT INTO legacy_user (address, username) VALUES ($1, $2) RETURNING id',
      [to.toLowerCase(), `payee${withdrawals.length}`],
    )
    const [row] = await sql<{ id: number }>(
      databaseUrl('trial'),
      `INSERT INTO legacy_withdrawal (user_id, credit_type, amount, tx_hash) VALUES ($1, 'USDT', $2, $3) RETURNING id`,
      [user?.id, amount, `0x${(withdrawals.length + 1).toString(16).padStart(64, 'e')}`],
    )
    withdrawals.push({ id: Number(row?.id), to, amount })
  }
}

beforeAll(async () => {
  const { startHardhatNode, startFaultyProxy } = await import('@nexus/testing')
  const { startPostgres, runSql } = await import('../lib/pg.mjs')
  ;[node, cluster] = await Promise.all([startHardhatNode({ chainId: 97, timeoutMs: 180_000 }), startPostgres()])
  runSql(cluster.url, 'CREATE DATABASE trial')
  runSql(cluster.url, 'CREATE DATABASE clean')
  const test = createTestClient({ mode: 'hardhat', transport: http(node.url) })
  for (const account of [privateKeyToAccount(deployerKey).address, keeper.address])
    await test.setBalance({ address: account, value: parseEther('100') })
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [hardhatCli, 'run', join(import.meta.dirname, 'fixtures', 'deployTestnet.mjs'), '--network', 'localhost'],
    {
      cwd: join(root, 'contracts'),
      env: {
        ...process.env,
        RPC_URL: node.url,
        BSC_TESTNET_RPC_URL: node.url,
        DEPLOYER_PRIVATE_KEY: deployerKey,
        PAYER: keeper.address,
        OUT_DIR: dir,
        HARDHAT_DISABLE_TELEMETRY: 'true',
        CI: 'true',
      },
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  deployed = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as typeof deployed
  deployment = JSON.parse(readFileSync(deployed.file, 'utf8')) as Deployment
  startBlock = String(Math.min(...Object.values(deployment.contracts).map((c) => c.blockNumber || Infinity)))
  // the payout money, in the Payouts contract the keeper pays through (the stand-in USDT is minted by its deployer,
  // one of the node's accounts)
  const minter = createWalletClient({ chain: undefined, transport: http(node.url) }).extend(publicActions)
  await minter.waitForTransactionReceipt({
    hash: await minter.writeContract({
      account: deployed.standInDeployer,
      chain: null,
      address: address('USDT'),
      abi: usdtMintAbi,
      functionName: 'mint',
      args: [address('Payouts'), parseEther('1000')],
    }),
  })
  proxy = await startFaultyProxy(node.url, 0, 7)
  const env = {
    CHAIN_ID: '97',
    RPC_URL: proxy.url,
    DEPLOYMENTS_FILE: deployed.file,
    DATABASE_URL: databaseUrl('trial'),
  }
  // one at a time: each applies pending migrations at its start
  await startService('indexer', 'indexer', {
    ...env,
    START_BLOCK: startBlock,
    CONFIRMATIONS: '0',
    POLL_INTERVAL_MS: '100',
  })
  await startService('legacy-api', 'legacy-api', {
    ...env,
    CORS_ORIGINS: 'https://app.example.com',
    PAYMENT_RECEIVER: keeper.address,
    // the load below sends up to 20 requests a second from one address: above the default 600 a minute on a fast
    // machine, where the answers would be the rate limit's 4800 instead of what the outage trial looks at
    RATE_LIMIT_PER_MINUTE: '100000',
  })
  await startService('keeper', 'keeper', {
    ...env,
    KEEPER_PRIVATE_KEY: keeperKey,
    KEEPER_INTERVAL_MS: '2000',
    WITHDRAW_INTERVAL_MS: '1000',
    TX_TIMEOUT_MS: '20000',
    // this trial is about outages, not reorganisations: its payouts are final once mined
    KEEPER_CONFIRMATIONS: '0',
  })
}, 900_000)

afterAll(async () => {
  loading = false
  await Promise.allSettled([legacyLoad, chainLoad])
  for (const service of [...services].reverse()) await stopService(service)
  await proxy?.stop()
  await node?.stop()
  cluster?.stop()
  rmSync(dir, { recursive: true, force: true })
}, 120_000)

it('the services ride out a PostgreSQL restart, a node out of reach for a minute and a node answering errors', async () => {
  const legacy = services.find((s) => s.name === 'legacy-api') as Service
  legacyLoad = legacyLoop(legacy.url)
  chainLoad = chainLoop()
  await addWithdrawals(3)

  // 1. PostgreSQL restarts under load.
  await sleep(3_000)
  cluster.halt('fast')
  await allNotReady(/database/)
  const answersBefore = legacyAnswers.length
  await until('a legacy answer while the database is away', async () => legacyAnswers.length > answersBefore + 3)
  expect(legacyAnswers.slice(answersBefore).map((a) => a.code)).toContain(5030)
  await sleep(8_000)
  cluster.resume()
  await allReady()
  await addWithdrawals(3)

  // 2. The node cannot be reached for a minute.
  await sleep(3_000)
  proxy.setKinds(['reset'])
  proxy.setRate(1)
  const outageStarted = Date.now()
  await allNotReady(/chain node|node unreachable|catching up/)
  await sleep(Math.max(0, 60_000 - (Date.now() - outageStarted)))
  proxy.setRate(0)
  await allReady()

  // 3. The node answers only errors.
  proxy.setKinds(['500', '503', 'garbage', 'empty-result'])
  proxy.setRate(1)
  await allNotReady(/chain node|node unreachable|catching up/)
  await sleep(15_000)
  proxy.setRate(0)
  await allReady()

  // Quiet: the users stop, every withdrawal is paid.
  loading = false
  await Promise.all([legacyLoad, chainLoad])
  await until(
    'every withdrawal paid',
    async () =>
      (
        await sql<{ n: number }>(
          databaseUrl('trial'),
          `SELECT count(*)::int AS n FROM keeper_payout WHERE status = 'paid'`,
        )
      )[0]?.n === withdrawals.length,
    180_000,
  )

  // Nothing exited, nothing crashed.
  for (const service of services) {
    expect(service.child.exitCode, service.name).toBeNull()
    expect(service.output(), service.name).not.toMatch(/Unhandled|uncaught|Connection terminated unexpectedly\n\s+at /i)
  }
  // The keeper stops sending (its upkeeps mine blocks): the head stays where the trial index must reach.
  await stopService(services.find((s) => s.name === 'keeper') as Service)
  const head = await wallet(devAccount(1)).getBlockNumber()
  const checkpointOf = async (name: string) =>
    (
      await sql<{ block_number: string }>(databaseUrl(name), 'SELECT block_number::text FROM chain_checkpoint').catch(
        () => [],
      )
    )[0]?.block_number
  await until('the trial index at the head', async () => BigInt((await checkpointOf('trial')) ?? -1) >= head, 120_000)
  // Every legacy answer had the envelope: HTTP 200 and code 0, or 5030 while a dependency was away.
  expect(legacyAnswers.length).toBeGreaterThan(100)
  const unexpected = legacyAnswers.filter((a) => a.status !== 200 || (a.code !== 0 && a.code !== 5030))
  expect(unexpected.slice(0, 5)).toEqual([])

  // Each withdrawal paid once: one payout recorded, one transfer of its amount on chain.
  const transfers = await wallet(devAccount(1)).getLogs({
    address: address('USDT'),
    event: transferEvent,
    args: { from: address('Payouts') },
    fromBlock: 0n,
    toBlock: 'latest',
  })
  for (const withdrawal of withdrawals) {
    const paid = transfers.filter((log) => log.args.to?.toLowerCase() === withdrawal.to.toLowerCase())
    expect(
      paid.map((log) => log.args.value),
      `withdrawal ${withdrawal.id}`,
    ).toEqual([parseEther(withdrawal.amount)])
  }

  // The index equals a clean index of the same chain, table by table (the writers' leases say who holds the pen,
  // not what was indexed: they are left out).
  const clean = await startService('clean-indexer', 'indexer', {
    CHAIN_ID: '97',
    RPC_URL: node.url,
    DEPLOYMENTS_FILE: deployed.file,
    DATABASE_URL: databaseUrl('clean'),
    START_BLOCK: startBlock,
    CONFIRMATIONS: '0',
  })
  await until('the clean index at the head', async () => BigInt((await checkpointOf('clean')) ?? -1) >= head, 120_000)
  await stopService(clean)
  const tables = (
    await sql<{ name: string }>(
      databaseUrl('clean'),
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
         AND table_name NOT LIKE 'legacy\\_%' AND table_name NOT LIKE 'keeper\\_%'
         AND table_name NOT LIKE '%\\_lease'
         AND table_name NOT IN ('_prisma_migrations', 'chain_block', 'chain_checkpoint', 'deferred_index') ORDER BY 1`,
    )
  ).map((row) => row.name)
  expect(tables).toEqual(expect.arrayContaining(['event_log', 'registration', 'referral_path']))
  const dump = async (name: string) => {
    const out: Record<string, string[]> = {}
    for (const table of tables)
      out[table] = (await sql(databaseUrl(name), `SELECT * FROM ${table}`)).map((row) => JSON.stringify(row)).sort()
    out.checkpoint = (await sql(databaseUrl(name), 'SELECT block_number, block_hash FROM chain_checkpoint')).map(
      (row) => JSON.stringify(row),
    )
    return out
  }
  const [trial, reference] = await Promise.all([dump('trial'), dump('clean')])
  expect(reference.registration?.length).toBeGreaterThanOrEqual(registered.length)
  expect(trial).toEqual(reference)
}, 900_000)
