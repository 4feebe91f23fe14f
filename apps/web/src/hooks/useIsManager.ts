import { createContext, useContext } from 'react'
import type { Address } from 'viem'
import { useConnection } from 'wagmi'
import { env } from '../lib/env.ts'
import { isManager } from '../lib/isManager.ts'

/**
 * The managers known from the chain (the owner of Main and the manager in Main's config). The data layer
 * provides them once Main exposes them; until then only the operator's `VITE_EXTRA_MANAGERS` count.
 */
export const OnChainManagersContext = createContext<readonly (Address | undefined)[]>([])

/**
 * Whether the connected account may see the admin screens (SPEC.md §6).
 *
 * @example
 * const manager = useIsManager()
 */
export function useIsManager(): boolean {
  const { address } = useConnection()
  const onChain = useContext(OnChainManagersContext)
  return isManager(address, [...onChain, ...env.extraManagers])
}
