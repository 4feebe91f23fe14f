// The indexer, the legacy API and the keeper brought up healthy against a local chain standing in for BSC testnet
// (a Hardhat node with chain id 97): the production modules are deployed there with a PancakeSwap V2 stand-in and a
// USDT at unrelated addresses (fixtures/deployTestnet.mjs, the path of scripts/deploy.ts), and each service gets
// only the deployments file and its environment (nothing from this machine's), as an operator starts them. Each
// must then serve that chain's data: the indexer an order made on it, the legacy API a sign-in and a registration
// whose referrer it knows from the chain, the keeper a check of every job against the deployed contracts. The
// database is set up as docs/database.md "Per-app roles" says: migrated by the migrating role, one role per service
// (assignAppRoles), each service connecting as its own role with DATABASE_MIGRATE=false, so the services run end to
// end under exactly the privileges their roles grant.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  type Abi,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseAbi,
  parseEther,
  publicActions,
  type Address,
  type Hex,
} from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const hardhatCli = join(root, 'node_modules', 'hardhat', 'dist', 'src', 'cli.js')
const dir = mkdtempSync(join(tmpdir(), 'testnet-stack-'))
const silentLogs = { LOG_LEVEL: 'warn' }
/** Hardhat's public development mnemonic: the node's unlocked accounts (local stand-in only). */
const devAccount = (index: number) =>
  mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index })
const keeperKey = `0x${'4b'.repeat(32)}` as Hex
const deployerKey = `0x${'d1'.repeat(32)}` as Hex
// the few functions used here (the workspace's tooling does not depend on the product's libraries)
const mainAbi = parseAbi(['function genesis() view returns (address)', 'function register(address referrer)'])
const burnAbi = parseAbi([
  'function getConfig() view returns ((uint256 addTime, uint256 dayTimes, uint256 algebra, uint256 feeRate, uint256 handleGas, uint256 swapRate, uint256 burnEvery, uint256 burnSurplus, uint256 rewardRate, uint256 outDays, uint256 startTime))',
  'function burn(address account, uint256 times, uint256 amount, bool isBNB) payable',
  'function register(address referrer)',
])
const usdtMintAbi = parseAbi(['function mint(address to, uint256 amount)'])
const user = devAccount(3)
const referrer = devAccount(4)

type Service = { name: string; url: string; child: ChildProcess; output: () => string }
type Deployment = { chainId: number; contracts: Record<string, { address: Address; blockNumber: number }> }

let node: { url: string; stop: () => Promise<void> }
let pg: { url: string; stop: () => void | Promise<void> }
let deployed: { file: string; standInDeployer: Address; admin: Address; openTime: number }
let deployment: Deployment
const services: Service[] = []

const freePort = async () => (await import('@nexus/testing')).freePort()
const address = (name: string) => {
  const found = deployment.contracts[name]?.address
  if (!found) throw new Error(`${name} is not in the deployments file`)
  return found
}

/** Starts a service's main.ts with exactly `env` and resolves once `path` answers 200. */
async function startService(name: string, app: string, env: Record<string, string>, path = '/readyz') {
  const port = await freePort()
  const child = spawn(process.execPath, ['--conditions=@nexus/source', join(root, 'apps', app, 'src', 'main.ts')], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...silentLogs, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const service = { name, url: `http://127.0.0.1:${port}`, child, output: () => output }
  services.push(service)
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`)
    const status = await fetch(`${service.url}${path}`).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) return service
    if (Date.now() > deadline) throw new Error(`${name}: ${path} not 200 within 180 s:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The per-app roles (docs/database.md "Per-app roles"). */
const roles = { indexer: 'nexus_indexer', 'legacy-api': 'nexus_legacy_api', keeper: 'nexus_keeper' } as const
/** The database URL of `app`'s own role. */
const roleUrl = (app: keyof typeof roles) => {
  const url = new URL(pg.url)
  url.username = roles[app]
  url.password = ''
  return url.toString()
}
const chainEnv = (app: keyof typeof roles) => ({
  CHAIN_ID: '97',
  RPC_URL: node.url,
  DEPLOYMENTS_FILE: deployed.file,
  DATABASE_URL: roleUrl(app),
  DATABASE_MIGRATE: 'false',
})

beforeAll(async () => {
  const { startHardhatNode } = await import('@nexus/testing')
  const { runSql, startPostgres } = await import('../lib/pg.mjs')
  // (generous: the node compiles nothing, but a loaded machine is slow to start it)
  ;[node, pg] = await Promise.all([startHardhatNode({ chainId: 97, timeoutMs: 180_000 }), startPostgres()])
  // the operator's database: migrated by the migrating role (the superuser here), then one role per service
  const migrate = (...args: string[]) =>
    promisify(execFile)(process.execPath, [join(root, 'prisma', 'scripts', 'migrate.ts'), ...args], {
      cwd: join(root, 'prisma'),
      env: { ...process.env, DATABASE_URL: pg.url },
    })
  await migrate('deploy')
  for (const role of Object.values(roles)) runSql(pg.url, `CREATE ROLE "${role}" LOGIN`)
  await migrate('roles', roles.indexer, roles['legacy-api'], roles.keeper)
  // the operator funds the deployer and the keeper's signer (on BSC testnet from a faucet)
  const test = createTestClient({ mode: 'hardhat', transport: http(node.url) })
  for (const key of [deployerKey, keeperKey])
    await test.setBalance({ address: privateKeyToAccount(key).address, value: parseEther('100') })
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
        OUT_DIR: dir,
        HARDHAT_DISABLE_TELEMETRY: 'true',
        CI: 'true',
      },
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  deployed = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as typeof deployed
  deployment = JSON.parse(readFileSync(deployed.file, 'utf8')) as Deployment
  const startBlock = String(Math.min(...Object.values(deployment.contracts).map((c) => c.blockNumber || Infinity)))
  await startService('indexer', 'indexer', { ...chainEnv('indexer'), START_BLOCK: startBlock, CONFIRMATIONS: '0' })
  await startService('legacy-api', 'legacy-api', {
    ...chainEnv('legacy-api'),
    CORS_ORIGINS: 'https://app.example.com',
    SIWE_DOMAINS: 'app.example.com',
  })
  await startService('keeper', 'keeper', {
    ...chainEnv('keeper'),
    KEEPER_PRIVATE_KEY: keeperKey,
    KEEPER_INTERVAL_MS: '1000',
  })
}, 900_000)

afterAll(async () => {
  for (const service of services.reverse()) {
    if (service.child.exitCode === null) {
      const exited = new Promise((resolve) => service.child.once('exit', resolve))
      service.child.kill('SIGTERM')
      await exited
    }
  }
  await node?.stop()
  await pg?.stop()
  rmSync(dir, { recursive: true, force: true })
}, 120_000)

const service = (name: string) => {
  const found = services.find((s) => s.name === name)
  if (!found) throw new Error(`${name} did not start`)
  return found
}

type Call = { address: Address; abi: Abi; functionName: string; args: readonly unknown[] }
const wallet = (account: ReturnType<typeof devAccount>) =>
  createWalletClient({ account, chain: undefined, transport: http(node.url) }).extend(publicActions)

/** `account` (a development key) signs a transaction and waits for it to succeed. */
async function send(account: ReturnType<typeof devAccount>, call: Call) {
  const client = wallet(account)
  const hash = await client.writeContract({ ...call, chain: null } as Parameters<typeof client.writeContract>[0])
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted`)
  return hash
}

async function poll<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

describe('the services on a stand-in for BSC testnet (chain 97), from the deployments file and the environment', () => {
  it('deployed the production modules with the stand-ins given as parameters', () => {
    expect(deployment.chainId).toBe(97)
    // the DEX and USDT were not created by this deployment (block 0: they exist on the chain already)
    for (const name of ['Router', 'Factory', 'WBNB', 'USDT']) expect(deployment.contracts[name]?.blockNumber).toBe(0)
    expect(Object.keys(deployment.contracts)).toEqual(expect.arrayContaining(['Main', 'Burn', 'Timelock']))
  })

  it.each(['indexer', 'legacy-api', 'keeper'])('%s is healthy and ready', async (name) => {
    const { url } = service(name)
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    if (name !== 'legacy-api') expect((await fetch(`${url}/readyz`)).status).toBe(200)
  })

  it('the indexer indexes a registration and a Burn order made on that chain', async () => {
    const [main, burn, usdt] = [address('Main'), address('Burn'), address('USDT')]
    const genesis = await wallet(user).readContract({ address: main, abi: mainAbi, functionName: 'genesis' })
    await send(referrer, { address: main, abi: mainAbi, functionName: 'register', args: [genesis] })
    await send(user, { address: main, abi: mainAbi, functionName: 'register', args: [referrer.address] })
    await send(referrer, { address: burn, abi: burnAbi, functionName: 'register', args: [genesis] })
    await send(user, { address: burn, abi: burnAbi, functionName: 'register', args: [referrer.address] })
    // Burn opens at the deployment's start time (an hour after the deployment): the chain's clock moves there
    const test = createTestClient({ mode: 'hardhat', transport: http(node.url) })
    await test.increaseTime({ seconds: 3_700 })
    await test.mine({ blocks: 1 })
    const usdtOwner = createWalletClient({ chain: undefined, transport: http(node.url) })
    await wallet(user).waitForTransactionReceipt({
      hash: await usdtOwner.writeContract({
        account: deployed.standInDeployer,
        chain: null,
        address: usdt,
        abi: usdtMintAbi,
        functionName: 'mint',
        args: [user.address, parseEther('10000')],
      }),
    })
    await send(user, { address: usdt, abi: erc20Abi, functionName: 'approve', args: [burn, 2n ** 255n] })
    const config = await wallet(user).readContract({ address: burn, abi: burnAbi, functionName: 'getConfig' })
    const burnTx = await send(user, {
      address: burn,
      abi: burnAbi,
      functionName: 'burn',
      args: [user.address, 1n, config.burnEvery, false],
    })

    const graphql = `${service('indexer').url}/graphql`
    const orders = await poll('the Burn order in the indexer', async () => {
      const response = await fetch(graphql, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query($account: String!) { orders(account: $account, contract: "Burn") { nodes { status transactionHash } } }`,
          variables: { account: user.address },
        }),
      })
      const body = (await response.json()) as {
        data?: { orders: { nodes: { status: string; transactionHash: string }[] } }
        errors?: unknown
      }
      if (body.errors) throw new Error(JSON.stringify(body.errors))
      const items = body.data?.orders.nodes ?? []
      return items.length > 0 ? items : undefined
    })
    expect(orders).toEqual([{ status: 'active', transactionHash: burnTx }])
  })

  it('the legacy API signs the user in for chain 97 and accepts the referrer it knows from the chain', async () => {
    const api = `${service('legacy-api').url}/api/api/invest`
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${api}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { token } : {}) },
        body: JSON.stringify(body),
      })
      return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> }
    }
    const nonce = await post('nonce', { address: user.address })
    expect(nonce.data).toMatchObject({ chainId: 97, domains: ['app.example.com'] })
    const message = createSiweMessage({
      address: user.address,
      chainId: 97,
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      nonce: String(nonce.data.nonce),
      version: '1',
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + 300_000),
    })
    const login = await post('login', { message, signature: await user.signMessage({ message }) })
    expect(login.code, login.msg).toBe(0)
    // the referrer registered in Main on chain 97 (indexed above), not on this server
    const registered = await post(
      'register',
      { username: 'testnet1', recommend: referrer.address },
      String(login.data.token),
    )
    expect(registered.code, registered.msg).toBe(0)
    expect(registered.data).toMatchObject({ username: 'testnet1', recommender: referrer.address.toLowerCase() })
  })

  it("the keeper runs every job's check against the deployed contracts, none failing", async () => {
    const keeper = service('keeper')
    const body = await poll('a run of every keeper job', async () => {
      const ready = (await (await fetch(`${keeper.url}/readyz`)).json()) as {
        signer: string
        jobs: Record<string, { lastRunAt?: string; lastSuccessAt?: string; lastError?: string }>
      }
      return Object.values(ready.jobs).every((job) => job.lastRunAt) ? ready : undefined
    })
    expect(body.signer).toBe(privateKeyToAccount(keeperKey).address)
    expect(Object.keys(body.jobs).length).toBeGreaterThan(3)
    for (const [name, job] of Object.entries(body.jobs)) {
      expect({ name, error: job.lastError }).toEqual({ name, error: undefined })
      expect(job.lastSuccessAt, name).toBeTruthy()
    }
    const metrics = await (await fetch(`${keeper.url}/metrics`)).text()
    expect(metrics).toMatch(/keeper_job_runs_total\{job="[^"]+"\} [1-9]/)
    expect(metrics).not.toMatch(/keeper_job_failures_total\{[^}]*\} [1-9]/)
  })

  it('each service ran under its own role and met no permission it lacks', async () => {
    const stdout = await import('../lib/pg.mjs').then(({ runSql }) =>
      runSql(pg.url, `SELECT DISTINCT usename FROM pg_stat_activity WHERE usename LIKE 'nexus_%' ORDER BY 1`),
    )
    for (const role of Object.values(roles)) expect(stdout).toContain(role)
    for (const { name, output } of services) expect(output(), name).not.toMatch(/permission denied|42501/i)
  })
})
