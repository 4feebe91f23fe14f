import type { OwnerAccess } from './useOwnerAccess.ts'

/**
 * The model of an admin screen's frame (`AdminPage.tsx`): whether it shows the forms, still loads, or refuses the
 * wallet, and what the wallet may do. No React, no language.
 */

/** loading: a connected wallet whose rights are still read; manager: the forms; refused: the "Not a manager" page. */
export type AdminPageState = 'loading' | 'manager' | 'refused'

export function adminPageState(input: {
  account: string | undefined
  registered: boolean | undefined
  manager: boolean
}): AdminPageState {
  if (input.manager) return 'manager'
  return input.account !== undefined && input.registered === undefined ? 'loading' : 'refused'
}

/** The rights note: what this wallet may do with the owner's settings, none while unknown or without Main. */
export function rightsNote(mainDeployed: boolean, access: OwnerAccess): Exclude<OwnerAccess, undefined> | undefined {
  return mainDeployed ? access : undefined
}
