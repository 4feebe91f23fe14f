import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { Abi, Address } from 'viem'
import { SelectField } from '../../components/forms/SelectField.tsx'
import { RENEW_PAUSE, UPGRADE_DELAY, WITHDRAW_EXCESS } from '../../components/blocks/settings/specs.ts'
import { LookupForm, SettingForm } from './SettingForms.tsx'
import { withinExcess } from './systemFormsModel.ts'
import { useContractControlsModel } from './useSystemFormsModel.ts'

type Target = { address: Address; abi: Abi }

/**
 * The powers every contract shares (`NexusUpgradeable`, and Ownable2Step on Token): pause (guardian or owner),
 * renew or lift a pause, guardian, withdrawal of the excess (held − owed), ownership transfer and renunciation,
 * and the upgrade steps (schedule, cancel, delay, upgrade). One contract at a time.
 */
export function ContractControls() {
  const { t } = useLingui()
  const { names, chosen, choose, target } = useContractControlsModel()
  if (!target) return null
  return (
    <section className="admin-section" data-testid="contract-controls">
      <h2 className="admin-section__title">{t`Contract controls`}</h2>
      <SelectField
        label={t`Contract`}
        className="admin-lookup"
        testId="control-contract"
        options={names}
        value={chosen}
        onChange={choose}
      />
      {target.has('pause') && <PauseControls {...target} />}
      <OwnerControls {...target} />
      {target.upgradeable && <UpgradeControls {...target} />}
    </section>
  )
}

/** Pause, lift or renew a pause, and the guardian. */
function PauseControls({ address, abi }: Target) {
  return (
    <>
      <SettingForm
        id="controlPause"
        title={msg`Pause new deposits`}
        description={msg`Stops inflows (new deposits, orders, mints, registrations) for at most 7 days; claims and withdrawals of what users are owed go on. The guardian may pause at once.`}
        address={address}
        abi={abi}
        functionName="pause"
        success={msg`Paused`}
      />
      <SettingForm
        id="controlUnpause"
        title={msg`Lift the pause`}
        address={address}
        abi={abi}
        functionName="unpause"
        success={msg`Unpaused`}
      />
      <SettingForm
        id="controlRenewPause"
        title={msg`Pause or renew the pause for a duration`}
        address={address}
        abi={abi}
        functionName="renewPause"
        bounds={RENEW_PAUSE}
        success={msg`Paused`}
      />
      <SettingForm
        id="controlGuardian"
        title={msg`Guardian`}
        address={address}
        abi={abi}
        functionName="setGuardian"
        read={{ functionName: 'guardian' }}
        success={msg`Guardian updated`}
      />
    </>
  )
}

/** The excess withdrawal and the ownership steps (every contract, Token included). */
function OwnerControls({ address, abi }: Target) {
  return (
    <>
      <LookupForm
        id="controlWithdrawExcess"
        title={msg`Withdraw the excess`}
        description={msg`Only what the contract holds beyond what it owes users (held − owed); "Now" is that excess for the token typed.`}
        lookup={{ name: 'token', kind: 'address', label: msg`Token` }}
        read={(token) => ({ functionName: 'excessOf', args: [token] })}
        pick={(excess) => ({ amount: excess })}
        action
        limits={withinExcess}
        address={address}
        abi={abi}
        functionName="withdrawExcess"
        bounds={WITHDRAW_EXCESS}
        success={msg`Excess withdrawn`}
      />
      <SettingForm
        id="controlTransferOwnership"
        title={msg`Transfer ownership`}
        description={msg`Two steps: the new owner accepts it (the Timelock through its own delay).`}
        address={address}
        abi={abi}
        functionName="transferOwnership"
        read={{ functionName: 'owner' }}
        success={msg`Ownership offered`}
      />
      <SettingForm
        id="controlAcceptOwnership"
        title={msg`Accept ownership`}
        description={msg`For the pending owner (with the Timelock pending: scheduled by its admin).`}
        address={address}
        abi={abi}
        functionName="acceptOwnership"
        success={msg`Ownership accepted`}
      />
      <SettingForm
        id="controlRenounceOwnership"
        title={msg`Renounce ownership`}
        description={msg`Leaves the contract without an owner for good: no setting can change again.`}
        address={address}
        abi={abi}
        functionName="renounceOwnership"
        success={msg`Ownership renounced`}
      />
    </>
  )
}

/** The upgrade steps: schedule, cancel, delay, upgrade. */
function UpgradeControls({ address, abi }: Target) {
  return (
    <>
      <SettingForm
        id="controlScheduleUpgrade"
        title={msg`Schedule an upgrade`}
        description={msg`The new implementation may be installed once the contract's upgrade delay has passed.`}
        address={address}
        abi={abi}
        functionName="scheduleUpgrade"
        read={{ functionName: 'pendingUpgrade' }}
        pick={(pending) => ({ implementation: (pending as readonly unknown[])[0] })}
        success={msg`Upgrade scheduled`}
      />
      <SettingForm
        id="controlCancelUpgrade"
        title={msg`Cancel the scheduled upgrade`}
        address={address}
        abi={abi}
        functionName="cancelUpgrade"
        success={msg`Upgrade cancelled`}
      />
      <SettingForm
        id="controlUpgradeDelay"
        title={msg`Upgrade delay`}
        address={address}
        abi={abi}
        functionName="setUpgradeDelay"
        read={{ functionName: 'upgradeDelay' }}
        bounds={UPGRADE_DELAY}
        success={msg`Settings updated`}
      />
      <SettingForm
        id="controlUpgrade"
        title={msg`Upgrade`}
        description={msg`Installs the scheduled implementation (data: an optional call, 0x for none).`}
        address={address}
        abi={abi}
        functionName="upgradeToAndCall"
        success={msg`Upgraded`}
      />
    </>
  )
}
