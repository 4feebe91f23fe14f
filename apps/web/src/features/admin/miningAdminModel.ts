import type { miningAbi } from '@nexus/abi'
import type { ContractFunctionReturnType } from 'viem'
import { arrayValues } from '../../components/blocks/settings/formModel.ts'
import type { Values } from '../../components/blocks/settings/formModel.ts'

/** The model of `/managerMining`: the mining multi settings as the form's fields. No React, no language. */

export type MiningConfigMulti = ContractFunctionReturnType<typeof miningAbi, 'view', 'getConfigMulti'>

/** The 3 invite rates and the 6 stake tiers as the form's fields (one per array element). */
export function miningMultiValues(multi: MiningConfigMulti | undefined): Values | undefined {
  return (
    multi && {
      ...arrayValues('inviteRates', multi.inviteRates),
      ...arrayValues('stakeDays', multi.stakeDays),
      ...arrayValues('stakeRates', multi.stakeRates),
      ...arrayValues('stakeForces', multi.stakeForces),
    }
  )
}
