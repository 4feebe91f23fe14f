import { msg } from '@lingui/core/macro'
import { burnAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { AdminForm } from './AdminForm.tsx'
import { BlacklistForm } from './BlacklistForm.tsx'
import { LookupForm, SettingForm } from './SettingForms.tsx'
import {
  BURN_MULTI,
  BURN_SETTINGS,
  BURN_TEAM,
  burnMultiArgs,
  burnMultiProblems,
  burnSharesProblems,
  structOf,
} from '../../components/blocks/settings/specs.ts'
import { useBurnModel } from './useManagerModel.ts'

/** `/manager`'s Burn forms: settings, shares and team levels, blacklist, manual team levels, addresses. */
export function BurnForms({ burn }: { burn: Address }) {
  const { config, multi, multiValues } = useBurnModel(burn)
  return (
    <>
      <AdminForm
        id="burnConfig"
        title={msg`Burn contract settings`}
        fields={BURN_SETTINGS}
        current={config}
        address={burn}
        abi={burnAbi}
        functionName="setConfig"
        args={(v) => [structOf(BURN_SETTINGS, v)]}
        rules={(v) => (multi ? burnSharesProblems(v, multi.burnRates) : [])}
        success={msg`Settings updated`}
      />
      <AdminForm
        id="burnMulti"
        title={msg`Burn shares and team levels`}
        fields={BURN_MULTI}
        current={multiValues}
        address={burn}
        abi={burnAbi}
        functionName="setConfigMulti"
        args={(v) => [burnMultiArgs(v)]}
        rules={(v) => burnMultiProblems(v, config)}
        success={msg`Settings updated`}
      />
      <BlacklistForm id="burnBlacklist" address={burn} abi={burnAbi} />
      <LookupForm
        id="burnTeam"
        title={msg`Burn: manual team level`}
        description={msg`isManual keeps the level set here (V0 to V5) instead of the one the team's volume gives; without it the automatic level applies again.`}
        lookup={{ name: 'account', kind: 'address', label: msg`Account` }}
        read={(account) => ({ functionName: 'teams', args: [account] })}
        address={burn}
        abi={burnAbi}
        functionName="setTeam"
        bounds={BURN_TEAM}
        success={msg`Team level updated`}
      />
      <SettingForm
        id="burnAddresses"
        title={msg`Burn: contract addresses`}
        address={burn}
        abi={burnAbi}
        functionName="setAddresses"
        read={{ functionName: 'getAddresses' }}
        success={msg`Addresses updated`}
      />
    </>
  )
}
