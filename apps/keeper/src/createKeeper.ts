// Wires the keeper from its settings: signer, chain client, journaled sender, jobs, runtime. main.ts and the tests
// use it; it reads no environment itself.
import { loadDeployment } from '@nexus/abi/node'
import type { Database } from '@nexus/db'
import { rpcTransport } from '@nexus/sdk'
import {
  type Address,
  createPublicClient,
  erc20Abi,
  formatUnits,
  type LocalAccount,
  parseEther,
  type PublicClient,
  type Transport,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { DEV_KEY_INDEX, DEV_MNEMONIC, type KeeperConfig } from './config.ts'
import { type Job, UPKEEP_CONTRACTS, upkeepJob } from './jobs.ts'
import { startKeeper, type RunningKeeper } from './keeper.ts'
import type { Logger } from './log.ts'
import { createMetrics } from './metrics.ts'
import { JournaledSender } from './sender.ts'
import { withdrawalJob } from './withdrawals.ts'

export type CreateKeeperOptions = {
  config: KeeperConfig
  db: Database
  log: Logger
  /** Contract addresses by deployment name; default: libs/abi's deployments file for the chain. */
  contracts?: Record<string, Address>
  /** Extra jobs (the withdrawal payouts). */
  extraJobs?: (parts: { client: PublicClient; sender: JournaledSender; account: LocalAccount }) => Job[]
  /** Receipt polling (tests use a short one). */
  pollMs?: number
  /** How long one RPC request may take before it is retried (tests use a short one). @default 15_000 */
  rpcTimeoutMs?: number
  /** How long the keeper's lease lasts unless renewed (see startKeeper). @default 15_000 */
  leaseTtlMs?: number
}

export type Keeper = RunningKeeper & { sender: JournaledSender; account: LocalAccount; client: PublicClient }

/** The signer: KEEPER_PRIVATE_KEY, or the local development key (HD index 46 of the public mnemonic). */
export function keeperAccount(config: Pick<KeeperConfig, 'privateKey'>): LocalAccount {
  return config.privateKey
    ? privateKeyToAccount(config.privateKey)
    : mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEV_KEY_INDEX })
}

/**
 * `inner` with every broadcast (eth_sendRawTransaction) fenced by `fence` (the keeper's lease): a keeper that lost
 * its lease does not broadcast.
 */
function fencedTransport(inner: Transport, fence: () => Promise<void>): Transport {
  return (parameters) => {
    const transport = inner(parameters)
    const request: typeof transport.request = async (args, requestOptions) => {
      if (args.method === 'eth_sendRawTransaction') await fence()
      return await transport.request(args, requestOptions)
    }
    return { ...transport, request }
  }
}

export async function createKeeper(options: CreateKeeperOptions): Promise<Keeper> {
  const { config, db, log } = options
  const account = keeperAccount(config)
  const lease: { fence?: () => Promise<void> } = {}
  // several RPC URLs: each request moves on to the next one when one fails
  const client = createPublicClient({
    transport: fencedTransport(
      rpcTransport(config.rpcUrls, { timeout: options.rpcTimeoutMs ?? 15_000, retryCount: 2 }),
      async () => {
        if (!lease.fence) throw new Error('the keeper has not taken its lease yet')
        await lease.fence()
      },
    ),
  })
  const chainId = await client.getChainId()
  if (chainId !== config.chainId) throw new Error(`RPC_URL serves chain ${chainId}, CHAIN_ID says ${config.chainId}`)
  if (!config.privateKey && chainId === 31337) {
    // the development key is not among the node's funded accounts: give it gas money on the local chain only
    const balance = await client.getBalance({ address: account.address })
    if (balance < parseEther('1')) {
      await client.request({
        method: 'hardhat_setBalance' as never,
        params: [account.address, `0x${parseEther('1000').toString(16)}`] as never,
      })
      log.info({ signer: account.address }, 'funded the local development key with 1000 coins')
    }
  }
  // DEPLOYMENTS_FILE or libs/abi's file of the chain, checked (a clear error names a missing file or contract)
  const deployment = () =>
    loadDeployment({
      chainId: config.chainId,
      file: config.deploymentsFile,
      required: ['USDT', 'Payouts', ...UPKEEP_CONTRACTS],
    })
  const contracts =
    options.contracts ??
    Object.fromEntries(Object.entries(deployment().contracts).map(([name, c]) => [name, c.address as Address]))
  const metrics = createMetrics()
  const sender = new JournaledSender({
    prisma: db.prisma,
    client,
    account,
    chainId,
    gasPriceCap: config.gasPriceCap,
    txTimeoutMs: config.txTimeoutMs,
    gasBumpPercent: config.gasBumpPercent,
    log,
    metrics,
    confirmations: config.confirmations,
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  })
  const jobs: Job[] = []
  for (const name of config.upkeeps ? UPKEEP_CONTRACTS : []) {
    const address = contracts[name]
    if (address) jobs.push(upkeepJob({ name, address, client, sender, intervalMs: config.intervalMs }))
  }
  const payouts = contracts.Payouts
  if (!payouts) throw new Error('the deployments have no Payouts contract: the withdrawal payouts need it')
  jobs.push(
    withdrawalJob({
      prisma: db.prisma,
      client,
      sender,
      payouts,
      tokens: {
        USDT: config.withdrawTokens.USDT ?? contracts.USDT,
        ...(config.withdrawTokens.ARB ? { ARB: config.withdrawTokens.ARB } : {}),
      },
      policy: config.withdrawPolicy,
      intervalMs: config.withdrawIntervalMs,
    }),
  )
  jobs.push(...(options.extraJobs?.({ client, sender, account }) ?? []))
  const payoutTokens = Object.entries({
    USDT: config.withdrawTokens.USDT ?? contracts.USDT,
    ...(config.withdrawTokens.ARB ? { ARB: config.withdrawTokens.ARB } : {}),
  }).filter((entry): entry is [string, Address] => entry[1] !== undefined)
  const running = await startKeeper({
    db,
    sender,
    jobs,
    log,
    metrics,
    host: config.host,
    port: config.port,
    notReadyAfterFailures: config.notReadyAfterFailures,
    ...(options.leaseTtlMs !== undefined && { leaseTtlMs: options.leaseTtlMs }),
    balance: () => client.getBalance({ address: account.address }),
    nodeCheck: () => client.getBlockNumber({ cacheTime: 0 }),
    tokenBalances: async () =>
      Object.fromEntries(
        await Promise.all(
          payoutTokens.map(async ([symbol, token]) => {
            const units = await client.readContract({
              address: token,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [account.address],
            })
            return [symbol, Number(formatUnits(units, 18))] as const
          }),
        ),
      ),
  })
  lease.fence = running.fence
  return { ...running, sender, account, client }
}
