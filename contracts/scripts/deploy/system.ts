// The whole deployment in one place, for every chain: checks the connected chain and what the system builds on,
// deploys the local stand-ins where they do not exist (never on 56 or 97), then the modules Nexus, ContractsII
// and ContractsIII with the chain's parameters (config/deployment.ts), points Info at its plug-in sources and
// writes the deployments file. scripts/deploy.ts is its command line; tests call it with their own connection.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { NetworkConnection } from 'hardhat/types/network'
import { getAddress, toFunctionSelector, zeroAddress, type Address, type Hash } from 'viem'
import { bsc, bscTestnet } from 'viem/chains'
import {
  externalContracts,
  ignitionParameters,
  isPublicChain,
  publicChains,
  type DeploymentSettings,
  type ExternalContracts,
} from '../../config/deployment.ts'
import LocalStandInsModule from '../../ignition/modules/LocalStandIns.ts'
import NexusModule from '../../ignition/modules/Nexus.ts'
import PayoutsModule from '../../ignition/modules/Payouts.ts'
import { keeperAddress } from '../seed/accounts.ts'
import { contractsIIFutures, deployContractsII } from './contractsII.ts'
import { contractsIIIFutures, deployContractsIII } from './contractsIII.ts'
import { deployTimelock, handOver, TIMELOCK_OWNED, timelockFutures } from './timelock.ts'

type Connection = NetworkConnection<'generic'>

/** Contract name in the deployments file -> Ignition future id (the transaction that created it). */
const futures: Record<string, string> = {
  Main: 'Main#MainProxy',
  MainImplementation: 'Main#MainImplementation',
  Log: 'Log#LogProxy',
  LogImplementation: 'Log#LogImplementation',
  Token: 'Nexus#Token',
  Pair: 'Nexus#Token', // created by the token's constructor
  USDT: 'LocalStandIns#USDT',
  WBNB: 'Dex#WBNB',
  Factory: 'Dex#Factory',
  Router: 'Dex#Router',
  Multicall3: 'LocalStandIns#Multicall3',
  ...contractsIIFutures,
  ...contractsIIIFutures,
  ...timelockFutures,
  Payouts: 'Payouts#PayoutsProxy',
  PayoutsImplementation: 'Payouts#PayoutsImplementation',
}

/** Multicall3 where it already exists (the same address on every chain; viem knows the block it was created in). */
const multicall3: Record<number, { address: Address; blockCreated?: number }> = {
  56: bsc.contracts.multicall3,
  97: bscTestnet.contracts.multicall3,
}

/** One contract of the deployments file: where it is and the block from which to index it. */
export type DeployedContract = { address: Address; blockNumber: number; transactionHash?: Hash }

/** Thrown before any transaction when the connection or the chain's contracts are not what the settings say. */
export class DeployRefusedError extends Error {
  override name = 'DeployRefusedError' as const
}

/**
 * Refuses a connection whose chain differs from the Hardhat network's `chainId`, and a public chain (56, 97)
 * reached through any network but its own (`--network bsc` / `--network bscTestnet`).
 */
export async function checkChain(connection: Connection): Promise<number> {
  const chainId = await (await connection.viem.getPublicClient()).getChainId()
  const expected = connection.networkConfig.chainId
  if (expected !== undefined && expected !== chainId) {
    throw new DeployRefusedError(
      `deploy refused: network "${connection.networkName}" is chain ${expected}, but its RPC endpoint serves chain ${chainId}`,
    )
  }
  // an in-process simulated chain given a public chain id (tests) cannot reach the real chain
  const simulated = connection.networkConfig.type === 'edr-simulated'
  if (isPublicChain(chainId) && !simulated && connection.networkName !== publicChains[chainId].network) {
    throw new DeployRefusedError(
      `deploy refused: chain ${chainId} (${publicChains[chainId].name}) is deployed with --network ${publicChains[chainId].network}, not --network ${connection.networkName}`,
    )
  }
  return chainId
}

/**
 * Checks, by reading the chain, that the DEX and USDT the settings name are there and fit together: code at each
 * address, the router's factory and WETH are the given factory and WBNB, USDT has 18 decimals, and the factory
 * already has the WBNB/USDT pair that values BNB payments.
 */
export async function checkExternalContracts(connection: Connection, external: ExternalContracts) {
  const client = await connection.viem.getPublicClient()
  const problems: string[] = []
  for (const [name, address] of Object.entries(external)) {
    const code = await client.getCode({ address })
    if (!code || code === '0x') problems.push(`${name} ${address} has no code on this chain`)
  }
  if (problems.length === 0) {
    const router = await connection.viem.getContractAt('IUniswapV2Router02', external.router)
    const factory = await connection.viem.getContractAt('IUniswapV2Factory', external.factory)
    const usdt = await connection.viem.getContractAt('LocalUSDT', external.usdt)
    if (getAddress(await router.read.factory()) !== external.factory) {
      problems.push(
        `router ${external.router} belongs to factory ${await router.read.factory()}, not ${external.factory}`,
      )
    }
    if (getAddress(await router.read.WETH()) !== external.wbnb) {
      problems.push(`router ${external.router} wraps ${await router.read.WETH()}, not wbnb ${external.wbnb}`)
    }
    const decimals = await usdt.read.decimals()
    if (decimals !== 18) problems.push(`usdt ${external.usdt} has ${decimals} decimals; the contracts expect 18`)
    if ((await factory.read.getPair([external.wbnb, external.usdt])) === zeroAddress) {
      problems.push(`the factory has no WBNB/USDT pair: BNB payments could not be valued (add that liquidity first)`)
    }
  }
  if (problems.length) {
    throw new DeployRefusedError(
      `deploy refused: the DEX and USDT are not usable:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    )
  }
}

/**
 * Deploys the whole system with `settings` (see config/deployment.ts). The DEX and USDT: the settings' addresses
 * when given (always on 56 and 97), else the local stand-ins, deployed first. `deploymentId` keeps an Ignition
 * journal (resumable); without it the deployment is in memory.
 * @returns every contract by its deployments-file name, with its deployment block.
 * @example
 * const { contracts } = await deploySystem(connection, readDeploymentSettings(97), { deploymentId: 'chain-97' })
 */
export async function deploySystem(
  connection: Connection,
  settings: DeploymentSettings,
  options: { deploymentId?: string; handOver?: boolean } = {},
) {
  const chainId = await checkChain(connection)
  if (chainId !== settings.chainId) {
    throw new DeployRefusedError(
      `deploy refused: the settings are for chain ${settings.chainId}, the chain is ${chainId}`,
    )
  }
  const { viem, ignition } = connection
  const publicClient = await viem.getPublicClient()
  const firstBlock = (await publicClient.getBlockNumber()) + 1n
  const common = { displayUi: false, ...(options.deploymentId ? { deploymentId: options.deploymentId } : {}) }
  const given = externalContracts(settings)
  let external: ExternalContracts
  let multicall: Address | undefined
  if (given) {
    external = given
  } else if (settings.public) {
    throw new DeployRefusedError(`deploy refused: chain ${chainId} needs router, factory, wbnb and usdt`)
  } else {
    const standIns = await ignition.deploy(LocalStandInsModule, common)
    external = {
      router: standIns.router.address,
      factory: standIns.factory.address,
      wbnb: standIns.wbnb.address,
      usdt: standIns.usdt.address,
    }
    multicall = standIns.multicall3.address
  }
  await checkExternalContracts(connection, external)

  const parameters = ignitionParameters(settings, external)
  const nexus = await ignition.deploy(NexusModule, { ...common, parameters })
  const base = {
    main: nexus.main.address,
    log: nexus.log.address,
    token: nexus.token.address,
    pair: nexus.pair.address,
    ...external,
  }
  const ii = await deployContractsII(connection, base, {
    ...options,
    parameters,
    ...(settings.roundStart > 0n ? { idoStart: settings.roundStart } : {}),
  })
  const iii = await deployContractsIII(
    connection,
    { ...base, oracle: ii.addresses.NexOracle },
    { ...options, parameters },
  )

  // Info's plug-in sources: one call of Info.getUserInfo also returns the account's Ido, Nft and Burn records.
  const sources = [
    { target: getAddress(ii.addresses.Ido as Address), selector: toFunctionSelector('users(address)') },
    { target: getAddress(ii.addresses.Nft as Address), selector: toFunctionSelector('getUserInfo(address)') },
    { target: getAddress(ii.addresses.Burn as Address), selector: toFunctionSelector('users(address)') },
    { target: getAddress(ii.addresses.Burn as Address), selector: toFunctionSelector('teams(address)') },
  ]
  const current = await iii.info.read.getSources()
  const same =
    current.length === sources.length &&
    current.every((s, i) => getAddress(s.target) === sources[i]?.target && s.selector === sources[i]?.selector)
  if (!same) await publicClient.waitForTransactionReceipt({ hash: await iii.info.write.setSources([sources]) })

  // the legacy withdrawals' payouts, paid by the keeper's signer (locally its development key)
  const payer = settings.payer ?? (settings.public ? zeroAddress : keeperAddress())
  const payouts = await ignition.deploy(PayoutsModule, {
    ...common,
    parameters: { Payouts: { payer, upgradeDelay: parameters.$global.upgradeDelay } },
  })

  // the Timelock, then every contract handed to it (the last step: every wiring call above is the deployer's)
  const [deployer] = await viem.getWalletClients()
  if (!deployer) throw new DeployRefusedError('deploy refused: the connection has no deployer account')
  const timelock = await deployTimelock(connection, {
    minDelay: settings.timelockDelay,
    admin: settings.admin ?? getAddress(deployer.account.address),
    ...(options.deploymentId ? { deploymentId: options.deploymentId } : {}),
  })

  const addresses: Record<string, Address> = {
    Main: nexus.main.address,
    MainImplementation: nexus.mainImplementation.address,
    Log: nexus.log.address,
    LogImplementation: nexus.logImplementation.address,
    Token: nexus.token.address,
    Pair: nexus.pair.address,
    USDT: external.usdt,
    WBNB: external.wbnb,
    Factory: external.factory,
    Router: external.router,
    ...(multicall ? { Multicall3: multicall } : {}),
    ...ii.addresses,
    ...(iii.addresses as Record<string, Address>),
    Payouts: payouts.payouts.address,
    PayoutsImplementation: payouts.payoutsImplementation.address,
    ...timelock.addresses,
  }
  // the guardian of every upgradeable contract (may pause inflows at once, at most 7 days), set while the deployer
  // is still the owner; afterwards only the Timelock can change it
  await setGuardians(connection, addresses, settings.guardian ?? getAddress(deployer.account.address))
  // handOver: false keeps the deployer the owner (NEXUS_TIMELOCK_HANDOVER=0: the web's browser tests, until its
  // admin screens schedule through the Timelock)
  const handover =
    options.handOver === false
      ? { handedOver: [] as string[], executed: false }
      : await handOver(connection, timelock.addresses.Timelock, addresses)
  const contracts: Record<string, DeployedContract> = {}
  const hashes = await deploymentTransactions(connection, options.deploymentId, addresses, firstBlock)
  for (const [name, address] of Object.entries(addresses)) {
    const hash = hashes.get(name)
    const blockNumber = hash ? Number((await publicClient.getTransactionReceipt({ hash })).blockNumber) : 0
    contracts[name] = { address: getAddress(address), blockNumber, ...(hash ? { transactionHash: hash } : {}) }
  }
  const known = multicall3[chainId]
  if (!contracts.Multicall3 && known) {
    contracts.Multicall3 = { address: getAddress(known.address), blockNumber: known.blockCreated ?? 0 }
  }
  return { chainId, contracts, nexus, ii, iii, external, timelock: timelock.timelock, handover }
}

const guardianAbi = [
  { type: 'function', name: 'guardian', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' },
  { type: 'function', name: 'owner', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' },
  {
    type: 'function',
    name: 'setGuardian',
    inputs: [{ name: 'guardian_', type: 'address' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
] as const

/**
 * Makes `guardian` the guardian of every upgradeable contract the Timelock will own (all but Token, which has no
 * pause). Idempotent; a contract the deployer no longer owns is left as it is (its guardian changes through the
 * Timelock only). Returns the names set now.
 */
export async function setGuardians(connection: Connection, addresses: Record<string, Address>, guardian: Address) {
  const { viem } = connection
  const publicClient = await viem.getPublicClient()
  const [deployer] = await viem.getWalletClients()
  if (!deployer) throw new DeployRefusedError('deploy refused: the connection has no deployer account')
  const set: string[] = []
  for (const name of TIMELOCK_OWNED) {
    const address = addresses[name]
    if (!address || name === 'Token') continue
    const read = (functionName: 'guardian' | 'owner') =>
      publicClient.readContract({ address, abi: guardianAbi, functionName })
    if (getAddress(await read('guardian')) === getAddress(guardian)) continue
    if (getAddress(await read('owner')) !== getAddress(deployer.account.address)) continue
    const hash = await deployer.writeContract({
      address,
      abi: guardianAbi,
      functionName: 'setGuardian',
      args: [guardian],
    })
    await publicClient.waitForTransactionReceipt({ hash })
    set.push(name)
  }
  return set
}

type JournalLine = { type: string; futureId?: string; networkInteractionId?: number; hash?: Hash }

/**
 * The transaction that created each contract: from the Ignition journal when there is one, else by finding the
 * receipt whose contractAddress is the contract in the blocks from `firstBlock` on (in-memory deployments). Contracts this deployment did not create
 * (PancakeSwap, USDT on BSC) have none: their block number is written as 0.
 */
async function deploymentTransactions(
  connection: Connection,
  deploymentId: string | undefined,
  addresses: Record<string, Address>,
  firstBlock: bigint,
) {
  const hashes = new Map<string, Hash>()
  const journal = deploymentId
    ? join(import.meta.dirname, '..', '..', 'ignition', 'deployments', deploymentId, 'journal.jsonl')
    : undefined
  if (journal && existsSync(journal)) {
    const byFuture = new Map<string, Hash>()
    for (const line of readFileSync(journal, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as JournalLine)) {
      if (line.type === 'TRANSACTION_CONFIRM' && line.futureId && line.hash && line.networkInteractionId === 1) {
        byFuture.set(line.futureId, line.hash)
      }
    }
    for (const name of Object.keys(addresses)) {
      const future = futures[name]
      const hash = future ? byFuture.get(future) : undefined
      if (hash) hashes.set(name, hash)
    }
    return hashes
  }
  const client = await connection.viem.getPublicClient()
  const wanted = new Map(Object.entries(addresses).map(([name, address]) => [getAddress(address), name]))
  const latest = await client.getBlockNumber()
  for (let n = firstBlock; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (tx.to !== null) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      const name = receipt.contractAddress ? wanted.get(getAddress(receipt.contractAddress)) : undefined
      if (name) hashes.set(name, tx.hash)
    }
  }
  // the pair is created by the token's constructor
  const token = hashes.get('Token')
  if (token) hashes.set('Pair', token)
  return hashes
}

/** Writes `<dir>/<chainId>.json` (the format of libs/abi's DeploymentFile) and returns its path. */
export function writeDeploymentsFile(dir: string, chainId: number, contracts: Record<string, DeployedContract>) {
  const file = join(dir, `${chainId}.json`)
  mkdirSync(dir, { recursive: true })
  writeFileSync(file, JSON.stringify({ chainId, contracts }, null, 2) + '\n')
  return file
}

/** Removes an Ignition journal whose contracts are not on this chain (the local node was restarted). */
export async function discardStaleJournal(connection: Connection, deploymentId: string) {
  const dir = join(import.meta.dirname, '..', '..', 'ignition', 'deployments', deploymentId)
  const addressesFile = join(dir, 'deployed_addresses.json')
  if (!existsSync(addressesFile)) return false
  const addresses = JSON.parse(readFileSync(addressesFile, 'utf8')) as Record<string, Address>
  const first = Object.values(addresses)[0]
  const code = first ? await (await connection.viem.getPublicClient()).getCode({ address: first }) : undefined
  if (code && code !== '0x') return false
  rmSync(dir, { recursive: true, force: true })
  return true
}
