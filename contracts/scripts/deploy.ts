// Deploys the whole system with the Ignition module, then writes libs/abi/deployments/<chainId>.json
// (address, deployment block and transaction per contract) and regenerates libs/abi's deployments module.
//   npx hardhat run scripts/deploy.ts --network localhost
// A journal left by a previous chain (the node was restarted) is detected and discarded.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { network } from 'hardhat'
import { getAddress, toFunctionSelector, type Address, type Hash } from 'viem'
import NexusModule from '../ignition/modules/Nexus.ts'
import { contractsIIFutures, deployContractsII } from './deploy/contractsII.ts'
import { contractsIIIFutures, deployContractsIII } from './deploy/contractsIII.ts'

const root = join(import.meta.dirname, '..')
const abiLib = join(root, '..', 'libs', 'abi')

// contract name in the deployments file -> Ignition future id (the transaction that created it)
const futures: Record<string, string> = {
  Main: 'Main#MainProxy',
  MainImplementation: 'Main#MainImplementation',
  Log: 'Log#LogProxy',
  LogImplementation: 'Log#LogImplementation',
  Token: 'Nexus#Token',
  USDT: 'Nexus#USDT',
  WBNB: 'Dex#WBNB',
  Factory: 'Dex#Factory',
  Router: 'Dex#Router',
  Pair: 'Nexus#Token', // created by the token's constructor
  Multicall3: 'Nexus#Multicall3',
  ...contractsIIFutures,
  ...contractsIIIFutures,
}

type JournalLine = { type: string; futureId?: string; networkInteractionId?: number; hash?: Hash }

const connection = await network.getOrCreate()
const { viem, ignition } = connection
const publicClient = await viem.getPublicClient()
const chainId = await publicClient.getChainId()
const deploymentId = `chain-${chainId}`
const deploymentDir = join(root, 'ignition', 'deployments', deploymentId)

async function discardStaleJournal() {
  const addressesFile = join(deploymentDir, 'deployed_addresses.json')
  if (!existsSync(addressesFile)) return
  const addresses = JSON.parse(readFileSync(addressesFile, 'utf8')) as Record<string, Address>
  const first = Object.values(addresses)[0]
  const code = first ? await publicClient.getCode({ address: first }) : undefined
  if (!code || code === '0x') {
    console.log(`deploy: discarding ${deploymentId}: its contracts are not on this chain (node restarted?)`)
    rmSync(deploymentDir, { recursive: true, force: true })
  }
}

function transactionHashes(): Map<string, Hash> {
  const hashes = new Map<string, Hash>()
  const journal = readFileSync(join(deploymentDir, 'journal.jsonl'), 'utf8').trim().split('\n')
  for (const line of journal.map((l) => JSON.parse(l) as JournalLine)) {
    // the confirmed transaction of each future's deployment (first network interaction)
    if (line.type === 'TRANSACTION_CONFIRM' && line.futureId && line.hash && line.networkInteractionId === 1) {
      hashes.set(line.futureId, line.hash)
    }
  }
  return hashes
}

await discardStaleJournal()
const deployed = await ignition.deploy(NexusModule, { deploymentId, displayUi: false })
const addresses: Record<string, Address> = {
  Main: deployed.main.address,
  MainImplementation: deployed.mainImplementation.address,
  Log: deployed.log.address,
  LogImplementation: deployed.logImplementation.address,
  Token: deployed.token.address,
  USDT: deployed.usdt.address,
  WBNB: deployed.wbnb.address,
  Factory: deployed.factory.address,
  Router: deployed.router.address,
  Pair: deployed.pair.address,
  Multicall3: deployed.multicall3.address,
}
// Contracts II (Nft, Burn, Ido and their TWAP oracles) and III (Stake, Mining, Fomo x2, Double, Info) build on
// Contracts I; III reads NEX prices from II's NEX/USDT oracle rather than deploying a second one.
const base = {
  main: deployed.main.address,
  log: deployed.log.address,
  token: deployed.token.address,
  usdt: deployed.usdt.address,
  router: deployed.router.address,
  factory: deployed.factory.address,
  wbnb: deployed.wbnb.address,
  pair: deployed.pair.address,
}
const ii = await deployContractsII(connection, base, { deploymentId })
Object.assign(addresses, ii.addresses)
const iii = await deployContractsIII(connection, { ...base, oracle: ii.addresses.NexOracle }, { deploymentId })
Object.assign(addresses, iii.addresses)

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
if (!same) {
  const hash = await iii.info.write.setSources([sources])
  await publicClient.waitForTransactionReceipt({ hash })
}
const hashes = transactionHashes()
const contracts: Record<string, { address: Address; blockNumber: number; transactionHash: Hash }> = {}
for (const [name, address] of Object.entries(addresses)) {
  const future = futures[name]
  if (!future) throw new Error(`deploy: ${name} has no Ignition future id`)
  const hash = hashes.get(future)
  if (!hash) throw new Error(`deploy: no transaction for ${name} (${futures[name]}) in the Ignition journal`)
  const receipt = await publicClient.getTransactionReceipt({ hash })
  contracts[name] = { address: getAddress(address), blockNumber: Number(receipt.blockNumber), transactionHash: hash }
}
const file = join(abiLib, 'deployments', `${chainId}.json`)
mkdirSync(dirname(file), { recursive: true })
writeFileSync(file, JSON.stringify({ chainId, contracts }, null, 2) + '\n')
console.log(`deploy: wrote ${file}`)
for (const [name, c] of Object.entries(contracts))
  console.log(`  ${name.padEnd(22)} ${c.address} block ${c.blockNumber}`)
execFileSync(process.execPath, [join(abiLib, 'scripts', 'generate.ts'), 'deployments'], { stdio: 'inherit' })
await connection.close()
