// Deploys the whole system to the network given with --network, then writes libs/abi/deployments/<chainId>.json
// (address, deployment block and transaction per contract) and regenerates libs/abi's deployments module.
//   npx hardhat run scripts/deploy.ts --network localhost      # local stand-ins first, ignition/parameters/local.json
//   npx hardhat run scripts/deploy.ts --network bscTestnet     # ignition/parameters/97.json (56.json: --network bsc)
// The settings are checked before any transaction (config/deployment.ts): a public chain refuses local-only values.
// The connected chain must be the network's (scripts/deploy/system.ts checkChain). Resumable: the Ignition journal
// is ignition/deployments/chain-<chainId>; one left by a restarted local node is discarded.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { network } from 'hardhat'
import { isPublicChain, readDeploymentSettings } from '../config/deployment.ts'
import { checkChain, deploySystem, discardStaleJournal, writeDeploymentsFile } from './deploy/system.ts'

const abiLib = join(import.meta.dirname, '..', '..', 'libs', 'abi')

const connection = await network.getOrCreate()
const chainId = await checkChain(connection)
const settings = readDeploymentSettings(chainId)
const deploymentId = `chain-${chainId}`
if (!isPublicChain(chainId) && (await discardStaleJournal(connection, deploymentId))) {
  console.log(`deploy: discarded ${deploymentId}: its contracts are not on this chain (node restarted?)`)
}
// NEXUS_TIMELOCK_HANDOVER=0 keeps the deployer the owner (the web's browser tests, until its admin screens
// schedule through the Timelock)
const { contracts, handover } = await deploySystem(connection, settings, {
  deploymentId,
  handOver: process.env.NEXUS_TIMELOCK_HANDOVER !== '0',
})
if (handover.handedOver.length > 0) {
  const when = handover.executed ? 'now' : 'once the admin has scheduled and executed acceptOwnership on the Timelock'
  console.log(`deploy: the Timelock owns ${handover.handedOver.join(', ')} ${when}`)
}
const file = writeDeploymentsFile(join(abiLib, 'deployments'), chainId, contracts)
console.log(`deploy: wrote ${file}`)
for (const [name, c] of Object.entries(contracts))
  console.log(`  ${name.padEnd(22)} ${c.address} block ${c.blockNumber}`)
execFileSync(process.execPath, [join(abiLib, 'scripts', 'generate.ts'), 'deployments'], { stdio: 'inherit' })
await connection.close()
