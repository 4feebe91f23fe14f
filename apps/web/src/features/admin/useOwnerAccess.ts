import { useMemo } from 'react'
import { mainAbi, timelockAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { isAddressEqual } from 'viem'
import { ok, useChainReads } from '../../data/ChainData.tsx'
import { useSession } from '../../data/session.tsx'
import { PROPOSER_ROLE, timelockDeployment } from '../../components/blocks/timelock/useTimelock.ts'

/**
 * What the connected wallet can do with a contract's owner-only settings: `owner` (it owns the contract and calls
 * directly), `proposer` (the Timelock owns the contract and the wallet may schedule calls on it: the admin),
 * `none` (a manager without owner rights: the contract refuses its calls), undefined while unknown.
 */
export type OwnerAccess = 'owner' | 'proposer' | 'none' | undefined

/** {@link OwnerAccess} of the connected wallet for the contract at `target`, read with the admin screen's values. */
export function useOwnerAccess(target: Address): OwnerAccess {
  const { account } = useSession()
  const timelock = timelockDeployment()?.address
  const owners = useChainReads(
    // every contract of the product has Ownable's owner(); Main's ABI has it
    useMemo(() => [{ address: target, abi: mainAbi, functionName: 'owner' }] as const, [target]),
  )
  const roles = useChainReads(
    useMemo(
      () =>
        timelock && account
          ? ([
              { address: timelock, abi: timelockAbi, functionName: 'hasRole', args: [PROPOSER_ROLE, account] },
            ] as const)
          : undefined,
      [timelock, account],
    ),
  )
  const owner = ok(owners?.[0])
  const proposer = timelock ? ok(roles?.[0]) : false
  return ownerAccess(account, owner, timelock, proposer)
}

/**
 * The rule of {@link useOwnerAccess}, pure.
 *
 * @example
 * ownerAccess(admin, timelock, timelock, true) // 'proposer'
 */
export function ownerAccess(
  account: Address | undefined,
  owner: Address | undefined,
  timelock: Address | undefined,
  proposer: boolean | undefined,
): OwnerAccess {
  if (!account) return 'none'
  if (owner === undefined) return undefined
  if (isAddressEqual(owner, account)) return 'owner'
  if (timelock && isAddressEqual(owner, timelock)) {
    if (proposer === undefined) return undefined
    return proposer ? 'proposer' : 'none'
  }
  return 'none'
}

/** Whether the connected wallet is a manager on chain (Main.isManager: the owner or the manager in Main's config). */
export function useOnChainManager(): boolean | undefined {
  const { account, main } = useSession()
  const reads = useChainReads(
    useMemo(
      () =>
        main && account
          ? ([{ address: main, abi: mainAbi, functionName: 'isManager', args: [account] }] as const)
          : undefined,
      [main, account],
    ),
  )
  if (!account || !main) return false
  return ok(reads?.[0])
}
