import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { fomoAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { showAmount } from '../../lib/format.ts'
import { AdminForm } from './AdminForm.tsx'
import { AdminPage, NotDeployed } from './AdminPage.tsx'
import { BlacklistForm } from './BlacklistForm.tsx'
import { LookupForm, SettingForm } from './SettingForms.tsx'
import { deployed } from '../../lib/deployment.ts'
import { fomoOfPath } from './fomoAdminModel.ts'
import { useFomoAdminModel } from './useFomoAdminModel.ts'
import {
  FOMO_ADD_BALANCE,
  FOMO_MULTI,
  FOMO_SETTINGS,
  FOMO_TEAM,
  fomoMultiArgs,
  fomoMultiProblems,
  structOf,
  fomoSettingsProblems,
} from '../../components/blocks/settings/specs.ts'

/** `/managerFom` (the Fomo deployment) and `/managerSuper` (SuperFomo): config, multi config, blacklist, addBalance. */
export function FomoAdminPage({ path }: { path: '/managerFom' | '/managerSuper' }) {
  const name = fomoOfPath(path)
  const fomo = deployed(name)
  const usdt = deployed('USDT')
  return (
    <AdminPage path={path}>
      {fomo && usdt ? <FomoForms fomo={fomo} usdt={usdt} /> : <NotDeployed name={name} />}
    </AdminPage>
  )
}

function FomoForms({ fomo, usdt }: { fomo: Address; usdt: Address }) {
  const { t } = useLingui()
  const { config, multiValues, gold, goldValues } = useFomoAdminModel(fomo)
  return (
    <>
      <AdminForm
        id="fomoConfig"
        title={msg`Pool settings`}
        fields={FOMO_SETTINGS}
        current={config}
        rules={fomoSettingsProblems}
        address={fomo}
        abi={fomoAbi}
        functionName="setConfig"
        args={(v) => [structOf(FOMO_SETTINGS, v)]}
        success={msg`Settings updated`}
      />
      <AdminForm
        id="fomoMulti"
        title={msg`Shares, team levels and stake tiers`}
        fields={FOMO_MULTI}
        current={multiValues}
        rules={fomoMultiProblems}
        address={fomo}
        abi={fomoAbi}
        functionName="setConfigMulti"
        args={(v) => [fomoMultiArgs(v)]}
        success={msg`Settings updated`}
      />
      <BlacklistForm id="fomoBlacklist" address={fomo} abi={fomoAbi} />
      <LookupForm
        id="fomoTeam"
        title={msg`Manual team level`}
        description={msg`isManual keeps the level set here (V0 to V4) instead of the one the team's volume gives; without it the automatic level applies again.`}
        lookup={{ name: 'account', kind: 'address', label: msg`Account` }}
        read={(account) => ({ functionName: 'teams', args: [account] })}
        address={fomo}
        abi={fomoAbi}
        functionName="setTeamLevel"
        bounds={FOMO_TEAM}
        success={msg`Team level updated`}
      />
      <SettingForm
        id="fomoContracts"
        title={msg`Contracts used`}
        address={fomo}
        abi={fomoAbi}
        functionName="setContracts"
        success={msg`Addresses updated`}
      />
      <AdminForm
        id="addBalance"
        title={msg`Add to the gold pool`}
        description={msg`Moves USDT from this wallet into the pool's gold balance (approved first if needed).`}
        fields={FOMO_ADD_BALANCE}
        current={goldValues}
        creates
        address={fomo}
        abi={fomoAbi}
        functionName="addBalance"
        args={(v) => [v.amount]}
        spend={{ token: usdt, spender: fomo }}
        success={msg`Balance added`}
      >
        <p className="app-muted" data-testid="gold-balance">
          {t`Gold pool now: ${showAmount(gold)} USDT`}
        </p>
      </AdminForm>
    </>
  )
}
