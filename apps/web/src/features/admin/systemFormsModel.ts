import { msg } from '@lingui/core/macro'
import type { idoAbi } from '@nexus/abi'
import type { ContractFunctionReturnType } from 'viem'
import type { Problem, Values } from '../../components/blocks/settings/formModel.ts'
import {
  IDO_MAX_CLAIM_DELAY,
  idoVestingLimits,
  idoVestingProblems,
  referralRatesProblems,
} from '../../components/blocks/settings/specs.ts'
import type { IdoVesting } from '../../components/blocks/settings/specs.ts'

/**
 * The model of `/manager`'s system forms (`SystemForms.tsx`, `ContractControls.tsx`): Ido's vesting limits from its
 * reads and the chain's time, and which of the shared powers each contract has. No React, no language.
 */

/** Ido's settings as `getSettings` returns them. */
export type IdoSettingsNow = ContractFunctionReturnType<typeof idoAbi, 'view', 'getSettings'>
type IdoTotals = ContractFunctionReturnType<typeof idoAbi, 'view', 'totalInfo'>

/** Ido's vesting now (whether NEX is sold, and the vesting settings), undefined until both are read. */
export function idoVestingOf(
  settings: Pick<IdoSettingsNow, 'claimStart' | 'dayTimes' | 'releaseDays'> | undefined,
  totals: Pick<IdoTotals, 'totalTokens'> | undefined,
): IdoVesting | undefined {
  return settings && totals
    ? {
        sold: totals.totalTokens !== 0n,
        claimStart: settings.claimStart,
        dayTimes: settings.dayTimes,
        releaseDays: settings.releaseDays,
      }
    : undefined
}

const idoReferralProblems = referralRatesProblems(3_000n)

/** Ido.setConfig's checks: the referral rates' sum, then the vesting limits once NEX is sold. */
export function idoConfigRules(
  vesting: IdoVesting | undefined,
  now: bigint | undefined,
): (values: Values) => Problem[] {
  return (values) => [...idoReferralProblems(values), ...idoVestingProblems(values, vesting, now)]
}

/** The vesting note above Ido's settings: none while unknown, free before a sale, the limits (as text figures) after. */
export type IdoVestingNote =
  | { state: 'unknown' }
  | { state: 'free' }
  | {
      state: 'sold'
      /** Whether no claimStart is set yet (a first one may be set, at most `days` ahead). */
      unset: boolean
      days: string
      claimStartMax: bigint
      dayTimesMax: string
      releaseDaysMax: string
    }

export function idoVestingNote(vesting: IdoVesting | undefined, now: bigint | undefined): IdoVestingNote {
  if (!vesting || now === undefined) return { state: 'unknown' }
  const limits = idoVestingLimits(vesting, now)
  if (!limits) return { state: 'free' }
  return {
    state: 'sold',
    unset: limits.unset,
    days: String(IDO_MAX_CLAIM_DELAY / 86_400n),
    claimStartMax: limits.claimStartMax,
    dayTimesMax: String(limits.dayTimesMax),
    releaseDaysMax: String(limits.releaseDaysMax),
  }
}

/** Token is not upgradeable: of the shared powers it has the excess withdrawal and the ownership transfer. */
const TOKEN_CONTROLS = new Set(['withdrawExcess', 'transferOwnership', 'acceptOwnership', 'renounceOwnership'])

/** The contracts whose shared powers the controls offer: every owned one but the Timelock itself. */
export function controlledNames(owned: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(owned).filter((name) => name !== 'Timelock')
}

/** Which shared powers a contract has: all for an upgradeable one, Ownable2Step's and the excess for Token. */
export function controlsOf(name: string): { upgradeable: boolean; has: (power: string) => boolean } {
  const upgradeable = name !== 'Token'
  return { upgradeable, has: (power) => upgradeable || TOKEN_CONTROLS.has(power) }
}

/** Refuses a withdrawal above the excess the contract holds of that token now. */
export function withinExcess(values: Values, current: Partial<Values>): Problem[] {
  return current.amount !== undefined && (values.amount as bigint) > (current.amount as bigint)
    ? [{ key: 'amount', message: msg`More than the excess this contract holds` }]
    : []
}
