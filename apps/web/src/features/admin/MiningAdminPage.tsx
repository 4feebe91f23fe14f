import { msg } from '@lingui/core/macro'
import { miningAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { AdminForm } from './AdminForm.tsx'
import { AdminPage, NotDeployed } from './AdminPage.tsx'
import { BlacklistForm } from './BlacklistForm.tsx'
import { SettingForm } from './SettingForms.tsx'
import { deployed } from '../../lib/deployment.ts'
import { useMiningAdminModel } from './useMiningAdminModel.ts'
import {
  MINING_MULTI,
  MINING_SETTINGS,
  miningMultiArgs,
  miningMultiProblems,
  structOf,
  miningSettingsProblems,
} from '../../components/blocks/settings/specs.ts'

/** `/managerMining`: mining settings, the 6 tiers and 3 invite rates, blacklist. */
export function MiningAdminPage() {
  const mining = deployed('Mining')
  return (
    <AdminPage path="/managerMining">
      {mining ? <MiningForms mining={mining} /> : <NotDeployed name="Mining" />}
    </AdminPage>
  )
}

function MiningForms({ mining }: { mining: Address }) {
  const { config, multiValues } = useMiningAdminModel(mining)
  return (
    <>
      <AdminForm
        id="miningConfig"
        title={msg`Mining settings`}
        fields={MINING_SETTINGS}
        current={config}
        rules={miningSettingsProblems}
        address={mining}
        abi={miningAbi}
        functionName="setConfig"
        args={(v) => [structOf(MINING_SETTINGS, v)]}
        success={msg`Settings updated`}
      />
      <AdminForm
        id="miningMulti"
        title={msg`Stake tiers and invite rates`}
        fields={MINING_MULTI}
        current={multiValues}
        rules={miningMultiProblems}
        address={mining}
        abi={miningAbi}
        functionName="setConfigMulti"
        args={(v) => [miningMultiArgs(v)]}
        success={msg`Settings updated`}
      />
      <BlacklistForm id="miningBlacklist" address={mining} abi={miningAbi} />
      <SettingForm
        id="miningContracts"
        title={msg`Contracts used`}
        address={mining}
        abi={miningAbi}
        functionName="setContracts"
        success={msg`Addresses updated`}
      />
    </>
  )
}
