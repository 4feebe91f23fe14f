import type { fomoAbi } from '@nexus/abi'
import type { ContractFunctionReturnType } from 'viem'
import { arrayValues } from '../../components/blocks/settings/formModel.ts'
import type { Values } from '../../components/blocks/settings/formModel.ts'

/**
 * The model of `/managerFom` and `/managerSuper` (the Fomo and SuperFomo deployments): which pool the screen
 * manages, its multi settings as the form's fields and the gold pool's balance. No React, no language.
 */

export type FomoConfigMulti = ContractFunctionReturnType<typeof fomoAbi, 'view', 'getConfigMulti'>
export type FomoValues = ContractFunctionReturnType<typeof fomoAbi, 'view', 'getValues'>

/** The deployment a FOM admin screen manages. */
export function fomoOfPath(path: '/managerFom' | '/managerSuper'): 'Fomo' | 'SuperFomo' {
  return path === '/managerSuper' ? 'SuperFomo' : 'Fomo'
}

/** The multi settings as the form's fields (one per array element). */
export function fomoMultiValues(multi: FomoConfigMulti | undefined): Values | undefined {
  return (
    multi && {
      ...arrayValues('burnRates', multi.burnRates),
      ...arrayValues('teamRates', multi.teamRates),
      ...arrayValues('teamAmounts', multi.teamAmounts),
      ...arrayValues('stakeDays', multi.stakeDays),
      ...arrayValues('stakeRates', multi.stakeRates),
      ...arrayValues('stakeSurplus', multi.stakeSurplus),
    }
  )
}

/** The gold pool's balance as the add-balance form's value now (undefined while loading). */
export function goldBalanceValues(values: Pick<FomoValues, 'balanceGold'> | undefined): Partial<Values> | undefined {
  return values ? { amount: values.balanceGold } : undefined
}
