import { isAddress, zeroAddress } from 'viem'

export type IsManagerParameters = {
  /** The main contract's `owner()`. */
  owner?: string | null | undefined
  /** The manager address from the main contract's config. */
  manager?: string | null | undefined
  /** Further manager wallets configured for the app (never hard-coded in the SDK). */
  extraManagers?: readonly (string | null | undefined)[] | undefined
}

/**
 * Tells whether `account` is a manager (SPEC.md §6): the main contract's owner, the manager address of its
 * config, or one of `extraManagers`. Addresses are compared case-insensitively; the zero address, a missing
 * account and strings that are not addresses are never managers.
 *
 * @example
 * isManager(account, { owner: await readMainOwner(config), manager: mainConfig.manager, extraManagers })
 * isManager('0xABC…', { owner: '0xabc…' }) // true
 */
export function isManager(account: string | null | undefined, parameters: IsManagerParameters): boolean {
  if (!account || !isAddress(account, { strict: false })) return false
  const normalized = account.toLowerCase()
  if (normalized === zeroAddress) return false
  const managers = [parameters.owner, parameters.manager, ...(parameters.extraManagers ?? [])]
  return managers.some((manager) => typeof manager === 'string' && manager.toLowerCase() === normalized)
}
