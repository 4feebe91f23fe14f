// Timelock deploy part and owner calls through it.
//   deployTimelock   deploys ignition/modules/Timelock.ts (OpenZeppelin TimelockController, minDelay a parameter)
//   handOver         revokes the deployer's Log writer right, then makes the Timelock the owner of every contract
//                    (two-step: transferOwnership by the deployer, then acceptOwnership by the Timelock, scheduled
//                    and executed after minDelay)
//   timelockCall     schedules calls as one batch and, on the local chain, moves the clock past minDelay and
//                    executes them (elsewhere it stops after scheduling and returns the operation to execute later)
// scripts/deploy/system.ts hands over at the very end, so every wiring call before it is made by the deployer. When
// the admin is a multisig (not the deployer), the deployer only calls transferOwnership; the multisig schedules and
// executes the acceptOwnership batch (until then the deployer stays the owner, with the Timelock pending).
import type { NetworkConnection } from 'hardhat/types/network'
import { encodeAbiParameters, encodeFunctionData, getAddress, keccak256, zeroHash, type Address, type Hex } from 'viem'
import TimelockModule from '../../ignition/modules/Timelock.ts'

type Connection = NetworkConnection<'generic'>

import { TIMELOCK_OWNED } from '../lib/owned.ts'

export { TIMELOCK_OWNED }

export const timelockFutures = { Timelock: 'Timelock#Timelock' } as const

const LOCAL_CHAIN_ID = 31337

export const ownableAbi = [
  { type: 'function', name: 'owner', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' },
  { type: 'function', name: 'pendingOwner', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' },
  {
    type: 'function',
    name: 'transferOwnership',
    inputs: [{ name: 'newOwner', type: 'address' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
  { type: 'function', name: 'acceptOwnership', inputs: [], outputs: [], stateMutability: 'nonpayable' },
] as const

/** Deploys the Timelock with `minDelay` seconds (config/deployment.ts `timelockDelay`) and `admin` as proposer and canceller. */
export async function deployTimelock(
  connection: Connection,
  options: { minDelay: bigint; admin: Address; deploymentId?: string },
) {
  const deployed = await connection.ignition.deploy(TimelockModule, {
    displayUi: false,
    ...(options.deploymentId ? { deploymentId: options.deploymentId } : {}),
    parameters: {
      Timelock: { timelockDelay: options.minDelay, admin: options.admin },
    },
  })
  const timelock = await connection.viem.getContractAt('Timelock', deployed.timelock.address)
  return { timelock, addresses: { Timelock: deployed.timelock.address } }
}

export type TimelockCallResult = { id: Hex; executed: boolean; readyAt: bigint }

/**
 * Schedules `calls` as one batch on the Timelock (the first wallet must be a proposer) and executes it once ready:
 * on the local chain the clock is moved past the delay; elsewhere the batch stays scheduled (`executed: false`).
 * @example
 * await timelockCall(connection, timelock, [{ target: ido, data: encodeFunctionData({ abi, functionName: 'setIdo', args }) }])
 */
export async function timelockCall(
  connection: Connection,
  timelock: Address,
  calls: { target: Address; data: Hex; value?: bigint }[],
  salt: Hex = zeroHash,
): Promise<TimelockCallResult> {
  const { viem, networkHelpers } = connection
  const publicClient = await viem.getPublicClient()
  const contract = await viem.getContractAt('Timelock', timelock)
  const targets = calls.map((c) => getAddress(c.target))
  const values = calls.map((c) => c.value ?? 0n)
  const payloads = calls.map((c) => c.data)
  const delay = await contract.read.getMinDelay()
  const id = keccak256(
    encodeAbiParameters(
      [{ type: 'address[]' }, { type: 'uint256[]' }, { type: 'bytes[]' }, { type: 'bytes32' }, { type: 'bytes32' }],
      [targets, values, payloads, zeroHash, salt],
    ),
  )
  if (!(await contract.read.isOperation([id]))) {
    const hash = await contract.write.scheduleBatch([targets, values, payloads, zeroHash, salt, delay])
    await publicClient.waitForTransactionReceipt({ hash })
  }
  const readyAt = await contract.read.getTimestamp([id])
  if (await contract.read.isOperationDone([id])) return { id, executed: true, readyAt }
  if ((await publicClient.getChainId()) !== LOCAL_CHAIN_ID) return { id, executed: false, readyAt }
  const now = (await publicClient.getBlock()).timestamp
  if (now < readyAt) await networkHelpers.time.increaseTo(readyAt)
  const hash = await contract.write.executeBatch([targets, values, payloads, zeroHash, salt])
  await publicClient.waitForTransactionReceipt({ hash })
  return { id, executed: true, readyAt }
}

/** Log's writer functions (the deployer's writer right is revoked at the hand-over). */
const logWriterAbi = [
  {
    type: 'function',
    name: 'isWriter',
    inputs: [{ type: 'address' }],
    outputs: [{ type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'setWriter',
    inputs: [{ type: 'address' }, { type: 'bool' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
] as const

/**
 * Makes the Timelock the owner of every contract of `addresses` named in {TIMELOCK_OWNED}. Idempotent: contracts it
 * owns already are skipped. Returns the names handed over now.
 */
export async function handOver(connection: Connection, timelock: Address, addresses: Record<string, Address>) {
  const { viem } = connection
  const publicClient = await viem.getPublicClient()
  const [deployer] = await viem.getWalletClients()
  if (!deployer) throw new Error('handOver: no deployer account')
  // The deployer wrote the Log while the contracts were deployed (the Nexus module's LogAdminWriter). No key keeps an
  // instant power after the hand-over (issue 19): a writer can write any account's log, and fill an account's daily
  // reward figure (256 entries of 2^88 - 1) so that its claims revert for the rest of the day. Revoked while the
  // deployer still owns the Log.
  const log = addresses.Log
  if (log) {
    const me = deployer.account.address
    const [owner, writing] = await Promise.all([
      publicClient.readContract({ address: log, abi: ownableAbi, functionName: 'owner' }),
      publicClient.readContract({ address: log, abi: logWriterAbi, functionName: 'isWriter', args: [me] }),
    ])
    if (writing && getAddress(owner) === getAddress(me)) {
      const hash = await deployer.writeContract({
        address: log,
        abi: logWriterAbi,
        functionName: 'setWriter',
        args: [me, false],
      })
      await publicClient.waitForTransactionReceipt({ hash })
    }
  }
  const pending: { name: string; target: Address }[] = []
  for (const name of TIMELOCK_OWNED) {
    const target = addresses[name]
    if (!target) continue
    const owner = await publicClient.readContract({ address: target, abi: ownableAbi, functionName: 'owner' })
    if (getAddress(owner) === getAddress(timelock)) continue
    const pendingOwner = await publicClient.readContract({
      address: target,
      abi: ownableAbi,
      functionName: 'pendingOwner',
    })
    if (getAddress(pendingOwner) !== getAddress(timelock)) {
      const hash = await deployer.writeContract({
        address: target,
        abi: ownableAbi,
        functionName: 'transferOwnership',
        args: [timelock],
      })
      await publicClient.waitForTransactionReceipt({ hash })
    }
    pending.push({ name, target })
  }
  if (pending.length === 0) return { handedOver: [] as string[], executed: true }
  const data = encodeFunctionData({ abi: ownableAbi, functionName: 'acceptOwnership' })
  const contract = await viem.getContractAt('Timelock', timelock)
  if (!(await contract.read.hasRole([await contract.read.PROPOSER_ROLE(), deployer.account.address]))) {
    // the admin (a multisig) schedules the acceptOwnership batch itself: the deployer only offered ownership
    return { handedOver: pending.map((p) => p.name), executed: false, readyAt: 0n }
  }
  const result = await timelockCall(
    connection,
    timelock,
    pending.map((p) => ({ target: p.target, data })),
  )
  return { handedOver: pending.map((p) => p.name), executed: result.executed, readyAt: result.readyAt }
}
