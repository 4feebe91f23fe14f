import { isAddressEqual } from 'viem'
import type { Address } from 'viem'

/**
 * Whether `account` may see the admin screens: it is one of `managers` (the owner of Main, the manager in Main's
 * config and the operator's `VITE_EXTRA_MANAGERS`; SPEC.md §6). Nothing is hard-coded here.
 *
 * @example
 * isManager(account, [...onChainManagers, ...env.extraManagers])
 */
export function isManager(account: Address | undefined, managers: readonly (Address | undefined)[]): boolean {
  if (account === undefined) return false
  return managers.some((manager) => manager !== undefined && isAddressEqual(manager, account))
}
