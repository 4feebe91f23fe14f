import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createDatabase, syncTeamTotals, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import { createSignInMessage } from '@nexus/sdk'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  type LocalAccount,
  parseUnits,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { createApp, type CreateAppParameters } from '../createApp.ts'
import { seedLegacyData } from '../seed/seedLegacyData.ts'
import { contractsDir, startHardhatNode, type HardhatNode } from '@nexus/testing'

/** Hardhat's default accounts (funded on its node); local accounts sign messages and transactions. */
export const accounts: LocalAccount[] = Array.from({ length: 12 }, (_, addressIndex) =>
  mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex }),
)
/** Hardhat account `index` (0–11). */
export function account(index: number): LocalAccount {
  const found = accounts[index]
  if (!found) throw new Error(`no test account ${index}`)
  return found
}
export const signInDomain = '127.0.0.1:5173'
/** A random-looking address nobody pays to (for apps that never touch the chain). */
export const offlineToken: Address = '0x00000000000000000000000000000000000000e1'
export const offlineReceiver: Address = '0x00000000000000000000000000000000000000e2'

export type Form = Record<string, string | string[]>

export type TestApp = {
  app: FastifyInstance
  db: Database
  /** Posts like the first version's client: form-encoded (repeated keys for arrays), with its headers. */
  post: (route: string, form?: Form | string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>
  /** Posts a JSON body (for wrong types: numbers, objects, null). */
  postJson: (route: string, body: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>
  /** Signs in with Sign-In with Ethereum and returns the token. */
  login: (account: LocalAccount) => Promise<string>
  /** Signs in and registers `account` under `recommend`; returns its token and user id. */
  signUp: (account: LocalAccount, username: string, recommend: Address) => Promise<{ token: string; id: number }>
  /** Row counts of every table the API writes (legacy_*), to assert that a rejected request wrote nothing. */
  counts: () => Promise<Record<string, number>>
  close: () => Promise<void>
}

export function encodeForm(form: Form): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(form)) {
    for (const item of [value].flat()) params.append(key, item)
  }
  return params.toString()
}

const writtenTables = [
  'legacy_user',
  'legacy_login_nonce',
  'legacy_session',
  'legacy_machine_type',
  'legacy_machine',
  'legacy_node',
  'legacy_node_order',
  'legacy_wallet',
  'legacy_wallet_log',
  'legacy_power_log',
  'legacy_withdrawal',
  'legacy_payment',
]

/**
 * A fresh database (migrated, seeded) and the app on it. Without `rpcUrl` the app points at a closed port, so a
 * request that reached the chain would fail (5000) instead of passing silently. `parameters` may depend on the new
 * database (e.g. a replica of it); `adminUrl` is the cluster to create it on (default: the tests' cluster).
 */
export async function setupApp(
  label: string,
  parameters:
    Partial<CreateAppParameters> | ((testDb: TestDatabase, db: Database) => Promise<Partial<CreateAppParameters>>) = {},
  { adminUrl }: { adminUrl?: string } = {},
): Promise<TestApp & { testDb: TestDatabase }> {
  const { inject } = await import('vitest')
  const testDb = await createTestDatabase(adminUrl ?? inject('databaseUrl'), label)
  const db = await createDatabase({ url: testDb.url, poolSize: 5 })
  await seedLegacyData(db.prisma)
  const app = await createApp({
    db,
    rpcUrl: 'http://127.0.0.1:9',
    paymentToken: offlineToken,
    paymentReceiver: offlineReceiver,
    rateLimitPerMinute: 1_000_000,
    loginRateLimitPerMinute: 1_000_000,
    purchaseRateLimitPerMinute: 1_000_000,
    ...(typeof parameters === 'function' ? await parameters(testDb, db) : parameters),
  })
  const post: TestApp['post'] = (route, form = {}, headers = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/api/invest/${route}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: typeof form === 'string' ? form : encodeForm(form),
    })
  const postJson: TestApp['postJson'] = (route, body, headers = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/api/invest/${route}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    })
  const login: TestApp['login'] = async (account) => {
    const nonce = (await post('nonce', { address: account.address })).json()
    if (nonce.code !== 0) throw new Error(`nonce failed: ${JSON.stringify(nonce)}`)
    const message = createSignInMessage({
      address: account.address,
      chainId: 31337,
      domain: signInDomain,
      uri: `http://${signInDomain}`,
      nonce: nonce.data.nonce,
    })
    const signature = await account.signMessage({ message })
    const response = (await post('login', { message, signature })).json()
    if (response.code !== 0) throw new Error(`login failed: ${JSON.stringify(response)}`)
    return response.data.token as string
  }
  const signUp: TestApp['signUp'] = async (account, username, recommend) => {
    const token = await login(account)
    const response = (await post('register', { username, recommend }, { token })).json()
    if (response.code !== 0) throw new Error(`register failed: ${JSON.stringify(response)}`)
    return { token, id: response.data.id as number }
  }
  const counts = async () => {
    const { rows } = await db.pool.query<Record<string, string>>(
      `SELECT ${writtenTables.map((table) => `(SELECT COUNT(*) FROM ${table}) AS ${table}`).join(', ')}`,
    )
    return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([table, count]) => [table, Number(count)]))
  }
  return {
    app,
    db,
    testDb,
    post,
    postJson,
    login,
    signUp,
    counts,
    async close() {
      await app.close()
      await db.close()
      await testDb.drop()
    },
  }
}

/**
 * An account registered in the indexer's tree under `referrer` (the zero address: a root, depth 0), at block
 * `index`, written as the indexer writes it (its tables, then the checkpoint and the block's header: the test stands
 * in for the indexer, whose tables the legacy API itself never writes), then (unless `sync: false`) the team totals
 * synced as the app's timer would.
 */
export async function addRegistration(
  db: Database,
  account: Address,
  referrer: Address | '0x0000000000000000000000000000000000000000',
  index: number,
  { sync = true }: { sync?: boolean } = {},
) {
  const address = account.toLowerCase()
  const parent = referrer.toLowerCase()
  const ancestors = await db.prisma.referralPath.findMany({ where: { chainId: 31337, descendant: parent } })
  const parentRow = await db.prisma.registration.findUnique({
    where: { chainId_account: { chainId: 31337, account: parent } },
  })
  await db.prisma.registration.create({
    data: {
      chainId: 31337,
      account: address,
      referrer: parent,
      index,
      depth: parentRow ? parentRow.depth + 1 : 0,
      blockNumber: BigInt(index),
      blockHash: `0x${index.toString(16).padStart(64, '0')}`,
      logIndex: 0,
      blockTimestamp: BigInt(1_700_000_000 + index),
      transactionHash: `0x${index.toString(16).padStart(64, '0')}`,
    },
  })
  if (parentRow) {
    await db.prisma.referralPath.createMany({
      data: [
        { chainId: 31337, ancestor: parent, descendant: address, distance: 1, blockNumber: BigInt(index) },
        ...ancestors.map((row) => ({
          chainId: 31337,
          ancestor: row.ancestor,
          descendant: address,
          distance: row.distance + 1,
          blockNumber: BigInt(index),
        })),
      ],
    })
  }
  const hash = `0x${index.toString(16).padStart(64, '0')}`
  await db.prisma.$transaction([
    db.prisma.chainBlock.upsert({
      where: { chainId_number: { chainId: 31337, number: BigInt(index) } },
      create: {
        chainId: 31337,
        number: BigInt(index),
        hash,
        parentHash: '0x',
        timestamp: BigInt(1_700_000_000 + index),
      },
      update: { hash },
    }),
    db.prisma.chainCheckpoint.upsert({
      where: { chainId: 31337 },
      create: { chainId: 31337, blockNumber: BigInt(index), blockHash: hash },
      update: { blockNumber: BigInt(index), blockHash: hash },
    }),
  ])
  if (sync) await syncTeamTotals(db.pool, 31337)
}

/**
 * A running machine of type 1 for `userId`, written as a purchase would leave it (started a day ago, ending at
 * `endAt`), without the chain: for tests of what machines add to teams.
 */
export async function addMachine(
  db: Database,
  userId: number,
  machine: { amount: string; power: string; endAt: Date; txHash: Hex },
) {
  await db.prisma.legacyMachine.create({
    data: {
      userId,
      typeId: 1,
      num: 1,
      price: machine.amount,
      amount: machine.amount,
      power: machine.power,
      dailyOutput: '0',
      days: 1,
      txHash: machine.txHash,
      startAt: new Date(Date.now() - 86_400_000),
      endAt: machine.endAt,
    },
  })
}

type Artifact = { abi: Abi; bytecode: Hex }

export type TestChain = {
  node: HardhatNode
  usdt: Address
  usdtAbi: Abi
  publicClient: ReturnType<typeof createPublicClient>
  /** Sends a raw transaction from `account` and waits for its receipt (reverted ones too). */
  send: (account: LocalAccount, request: { to: Address; data?: Hex; value?: bigint; gas?: bigint }) => Promise<Hex>
  /** An ERC-20 transfer of `amount` USDT units (decimal string) from `account` to `to`. */
  payUsdt: (account: LocalAccount, to: Address, amount: string) => Promise<Hex>
  mine: (blocks: number) => Promise<void>
  /**
   * Sends a transaction that reverts and returns its hash once mined. The node answers the send with the revert
   * error but mines it all the same (automine); the hash is computed from the signed transaction.
   */
  sendFailing: (account: LocalAccount, request: { to: Address; data: Hex; gas: bigint }) => Promise<Hex>
}

/** A Hardhat node with the contracts' LocalUSDT deployed and minted to the first ten accounts. */
export async function setupChain(): Promise<TestChain> {
  const node = await startHardhatNode()
  const artifact = JSON.parse(
    readFileSync(join(contractsDir, 'artifacts', 'contracts', 'local', 'LocalUSDT.sol', 'LocalUSDT.json'), 'utf8'),
  ) as Artifact
  const transport = http(node.url)
  const publicClient = createPublicClient({ chain: hardhat, transport })
  const wallet = (account: LocalAccount) => createWalletClient({ chain: hardhat, transport, account })
  const owner = account(0)
  const deployHash = await wallet(owner).deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [owner.address],
  })
  const usdt = (await publicClient.waitForTransactionReceipt({ hash: deployHash })).contractAddress
  if (!usdt) throw new Error('LocalUSDT was not deployed')
  for (const account of accounts.slice(0, 10)) {
    const hash = await wallet(owner).writeContract({
      address: usdt,
      abi: artifact.abi,
      functionName: 'mint',
      args: [account.address, parseUnits('1000000', 18)],
    })
    await publicClient.waitForTransactionReceipt({ hash })
  }
  const send: TestChain['send'] = async (account, request) => {
    const hash = await wallet(account).sendTransaction(request)
    await publicClient.waitForTransactionReceipt({ hash })
    return hash
  }
  return {
    node,
    usdt,
    usdtAbi: artifact.abi,
    publicClient,
    send,
    async payUsdt(account, to, amount) {
      const hash = await wallet(account).writeContract({
        address: usdt,
        abi: artifact.abi,
        functionName: 'transfer',
        args: [to, parseUnits(amount, 18)],
      })
      await publicClient.waitForTransactionReceipt({ hash })
      return hash
    },
    async sendFailing(account, request) {
      const prepared = await wallet(account).prepareTransactionRequest({ ...request, chain: hardhat })
      const serialized = await account.signTransaction(prepared as never)
      const hash = keccak256(serialized)
      await publicClient.sendRawTransaction({ serializedTransaction: serialized }).catch(() => undefined)
      await publicClient.waitForTransactionReceipt({ hash })
      return hash
    },
    async mine(blocks) {
      await publicClient.request({ method: 'hardhat_mine' as never, params: [`0x${blocks.toString(16)}`] as never })
    },
  }
}
