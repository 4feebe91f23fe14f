import { useEffect, useMemo, useState } from 'react'
import {
  burnAbi,
  doubleAbi,
  fomoAbi,
  idoAbi,
  infoAbi,
  logAbi,
  mainAbi,
  miningAbi,
  nftAbi,
  payoutsAbi,
  stakeAbi,
  timelockAbi,
  tokenAbi,
} from '@nexus/abi'
import { readTimelockOperations, timelockRoles, timelockScheduleRequest } from '@nexus/sdk'
import type { TimelockOperation } from '@nexus/sdk'
import type { Abi, Address, Client, Hex } from 'viem'
import { encodeFunctionData, isAddressEqual } from 'viem'
import { readContract, simulateContract } from 'viem/actions'
import { useLatestBlock } from '../../../data/ChainData.tsx'
import { deployed, deploymentOf } from '../../../lib/deployment.ts'
import type { DeployedName } from '../../../lib/deployment.ts'
import { usePublicClient } from '../../../data/wallet.tsx'

/** The Timelock's role that may schedule owner calls (the admin). */
export const PROPOSER_ROLE = timelockRoles.proposer
/** The Timelock's role that may cancel scheduled owner calls (the admin). */
export const CANCELLER_ROLE = timelockRoles.canceller

/** The contracts the Timelock may own, with the ABI that decodes the calls scheduled on them. */
const OWNED: readonly { name: DeployedName; abi: Abi | readonly unknown[] }[] = [
  { name: 'Main', abi: mainAbi },
  { name: 'Log', abi: logAbi },
  { name: 'Token', abi: tokenAbi },
  { name: 'Nft', abi: nftAbi },
  { name: 'Burn', abi: burnAbi },
  { name: 'Ido', abi: idoAbi },
  { name: 'Stake', abi: stakeAbi },
  { name: 'Mining', abi: miningAbi },
  { name: 'Fomo', abi: fomoAbi },
  { name: 'SuperFomo', abi: fomoAbi },
  { name: 'Double', abi: doubleAbi },
  { name: 'Info', abi: infoAbi },
  { name: 'Payouts', abi: payoutsAbi },
  { name: 'Timelock', abi: timelockAbi },
]

/** This chain's Timelock (address, deployment block), or undefined when none is deployed. */
export function timelockDeployment() {
  return deploymentOf('Timelock')
}

/** The deployed contracts by name with their ABIs, for decoding the Timelock's operations. */
export function ownedContracts(): Record<string, { address: Address; abi: Abi | readonly unknown[] }> {
  return Object.fromEntries(
    OWNED.flatMap(({ name, abi }) => {
      const address = deployed(name)
      return address ? [[name, { address, abi }]] : []
    }),
  )
}

export type OwnerCall = {
  address: Address
  abi: Abi | readonly unknown[]
  functionName: string
  args?: readonly unknown[]
}

/**
 * How `account` can make `call`: directly (a manager's or the owner's own call), or through the Timelock when the
 * target's owner is the Timelock and the call would pass when made by it. `refused` carries the direct call's
 * error when neither works (to show the contract's reason).
 */
export type CallRoute =
  | { kind: 'direct' }
  | { kind: 'timelock'; timelock: Address; minDelay: bigint; schedule: ReturnType<typeof timelockScheduleRequest> }
  | { kind: 'refused'; error: unknown }

/**
 * Finds the route of an admin call (see `CallRoute`): simulates it from the account, and if the contract refuses
 * while its owner is the Timelock, simulates it from the Timelock and builds the `schedule` request.
 */
export async function routeOwnerCall(client: Client, account: Address, call: OwnerCall): Promise<CallRoute> {
  const request = { ...call, abi: call.abi as Abi, args: call.args ?? [] }
  try {
    await simulateContract(client, { ...request, account })
    return { kind: 'direct' }
  } catch (error) {
    const timelock = timelockDeployment()?.address
    if (!timelock) return { kind: 'refused', error }
    const owner = await readContract(client, {
      address: call.address,
      abi: mainAbi,
      functionName: 'owner',
    }).catch(() => undefined)
    if (!owner || !isAddressEqual(owner, timelock)) return { kind: 'refused', error }
    try {
      // What the Timelock will do once the delay has passed: the target must accept the call from it.
      await simulateContract(client, { ...request, account: timelock })
    } catch (asTimelock) {
      return { kind: 'refused', error: asTimelock }
    }
    const minDelay = await readContract(client, { address: timelock, abi: timelockAbi, functionName: 'getMinDelay' })
    const data: Hex = encodeFunctionData({ abi: request.abi, functionName: request.functionName, args: request.args })
    const schedule = timelockScheduleRequest({ timelock, minDelay, call: { target: call.address, data } })
    try {
      // Only a proposer (the admin) may schedule.
      await simulateContract(client, { ...schedule, account })
    } catch (notProposer) {
      return { kind: 'refused', error: notProposer }
    }
    return { kind: 'timelock', timelock, minDelay, schedule }
  }
}

/**
 * The Timelock's operations, newest first, from its events since its deployment block up to the block the page
 * shows, with their state (pending / ready / done / cancelled) and decoded calls. They follow the page's refresh
 * cycle (SPEC.md §2): read again when the cycle sees a new block, so never by themselves on /manager pages (read
 * once, then after the manager's own transaction or "Reload values").
 */
export function useTimelockOperations(): { operations: TimelockOperation[] | undefined; error: unknown } {
  const client = usePublicClient()
  const block = useLatestBlock()
  const timelock = useMemo(() => timelockDeployment(), [])
  const contracts = useMemo(() => ownedContracts(), [])
  const [operations, setOperations] = useState<TimelockOperation[]>()
  const [error, setError] = useState<unknown>()
  const blockNumber = block?.number
  const blockTime = block?.timestamp
  useEffect(() => {
    if (!client || !timelock || blockNumber === undefined) return
    let current = true
    readTimelockOperations(client, {
      timelock: timelock.address,
      fromBlock: BigInt(timelock.blockNumber),
      toBlock: blockNumber,
      now: blockTime,
      contracts,
    })
      .then((read) => {
        if (!current) return
        setOperations(read)
        setError(undefined)
      })
      .catch((failed: unknown) => {
        if (current) setError(failed)
      })
    return () => {
      current = false
    }
  }, [client, timelock, contracts, blockNumber, blockTime])
  return { operations: timelock ? operations : [], error }
}
