import { useEffect, useMemo, useRef, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { doubleAbi, idoAbi, infoAbi, logAbi, mainAbi, stakeAbi, tokenAbi } from '@nexus/abi'
import type { Abi, Address } from 'viem'
import { SelectField } from '../../components/forms/SelectField.tsx'
import { ok, useChainReads, useLatestBlock, useRefreshChain } from '../../data/ChainData.tsx'
import { showTime } from '../../lib/format.ts'
import { deployed } from '../../lib/deployment.ts'
import { ownedContracts } from '../../components/blocks/timelock/useTimelock.ts'
import { AdminForm } from './AdminForm.tsx'
import { abiArgs, abiFields } from './abiForm.ts'
import { LookupForm, SettingForm } from './SettingForms.tsx'
import type { Problem, Values } from '../../components/blocks/settings/formModel.ts'
import {
  DOUBLE_SETTINGS,
  IDO_ROUND,
  IDO_SETTINGS,
  IDO_WHITELISTS,
  LOG_DAY_TIMES,
  MAIN_SETTINGS,
  RENEW_PAUSE,
  STAKE_ROUND,
  STAKE_SETTINGS,
  TOKEN_MULTI,
  TOKEN_SETTINGS,
  UPGRADE_DELAY,
  WITHDRAW_EXCESS,
  IDO_MAX_CLAIM_DELAY,
  idoVestingLimits,
  idoVestingProblems,
  referralRatesProblems,
  stakeRoundProblems,
  tokenMultiProblems,
  tokenSettingsProblems,
} from '../../components/blocks/settings/specs.ts'
import type { IdoVesting } from '../../components/blocks/settings/specs.ts'

const ACCOUNT = msg`Account`
const ROUND = msg`Round (0 = the first)`
const idoReferralProblems = referralRatesProblems(3_000n)
const stakeReferralProblems = referralRatesProblems(3_000n)

/**
 * The owner's settings of the contracts without a screen of their own (SPEC.md §6): Main (manager), Token
 * (settings, fee exemptions, whitelist), Ido (rounds, settings, addresses, whitelist, minters), Stake (rounds,
 * settings, whitelist, contracts), Double (settings with `openClaim`, depositors, log), Log and Info, then the
 * powers every contract shares (`ContractControls`).
 */
export function SystemForms() {
  const main = deployed('Main')
  const token = deployed('Token')
  const ido = deployed('Ido')
  const stake = deployed('Stake')
  const double = deployed('Double')
  const log = deployed('Log')
  const info = deployed('Info')
  return (
    <>
      {main && <MainForms main={main} />}
      {token && <TokenForms token={token} />}
      {ido && <IdoForms ido={ido} />}
      {stake && <StakeForms stake={stake} />}
      {double && <DoubleForms double={double} />}
      {log && <LogForms log={log} />}
      {info && (
        <SettingForm
          id="infoContracts"
          title={msg`Info: contracts read`}
          address={info}
          abi={infoAbi}
          functionName="setContracts"
          read={{ functionName: 'getContracts' }}
          success={msg`Settings updated`}
        />
      )}
      <ContractControls />
    </>
  )
}

function MainForms({ main }: { main: Address }) {
  return (
    <>
      <SettingForm
        id="mainManager"
        title={msg`Main: manager`}
        description={msg`The manager has the managers' bounded rights (round scheduling) and sees the admin screens.`}
        address={main}
        abi={mainAbi}
        functionName="setManager"
        read={{ functionName: 'getConfig' }}
        success={msg`Manager updated`}
      />
      <SettingForm
        id="mainLog"
        title={msg`Main: action log contract`}
        description={msg`Registrations are written to this Log (it must let Main write).`}
        address={main}
        abi={mainAbi}
        functionName="setLog"
        success={msg`Addresses updated`}
      />
      <SettingForm
        id="mainConfig"
        title={msg`Main: settings`}
        address={main}
        abi={mainAbi}
        functionName="setConfig"
        read={{ functionName: 'getConfig' }}
        bounds={MAIN_SETTINGS}
        success={msg`Settings updated`}
      />
    </>
  )
}

function TokenForms({ token }: { token: Address }) {
  return (
    <>
      <SettingForm
        id="tokenConfig"
        title={msg`Token: settings`}
        description={msg`Fees in basis points (10000 = 100 %); once trading has opened, openTime and whiteTime can no longer change.`}
        address={token}
        abi={tokenAbi}
        functionName="setConfig"
        read={{ functionName: 'getConfig' }}
        bounds={TOKEN_SETTINGS}
        rules={tokenSettingsProblems}
        success={msg`Settings updated`}
      />
      <SettingForm
        id="tokenMulti"
        title={msg`Token: burn rate, USDT split, slippage, price window`}
        address={token}
        abi={tokenAbi}
        functionName="setConfigMulti"
        read={{ functionName: 'getConfigMulti' }}
        bounds={TOKEN_MULTI}
        rules={tokenMultiProblems}
        success={msg`Settings updated`}
      />
      <LookupForm
        id="tokenFeeExempt"
        title={msg`Token: fee exemption`}
        description={msg`Exempt accounts pay no buy or sell fee.`}
        lookup={{ name: 'account', kind: 'address', label: ACCOUNT }}
        read={(account) => ({ functionName: 'isFeeExempt', args: [account] })}
        address={token}
        abi={tokenAbi}
        functionName="setIsFeeExempt"
        success={msg`Fee exemption updated`}
      />
      <LookupForm
        id="tokenWhitelist"
        title={msg`Token: whitelist`}
        description={msg`Whitelisted accounts may trade during the whitelist period (whiteTime) after openTime.`}
        lookup={{ name: 'account', kind: 'address', label: ACCOUNT }}
        read={(account) => ({ functionName: 'isWhitelisted', args: [account] })}
        address={token}
        abi={tokenAbi}
        functionName="setWhitelist"
        success={msg`Whitelist updated`}
      />
    </>
  )
}

function IdoForms({ ido }: { ido: Address }) {
  return (
    <>
      <LookupForm
        id="idoRound"
        title={msg`Minting: round terms`}
        description={msg`A round that has not started yet: units for sale (idoMax), USDT per unit (idoAmount), NEX per unit (idoTokens) and start.`}
        lookup={{ name: 'index', kind: 'uint', label: ROUND }}
        read={(index) => ({ functionName: 'idos', args: [index] })}
        address={ido}
        abi={idoAbi}
        functionName="setIdo"
        bounds={IDO_ROUND}
        success={msg`Round set`}
      />
      <IdoConfigForm ido={ido} />
      <SettingForm
        id="idoAddresses"
        title={msg`Minting: contract addresses`}
        description={msg`The token never changes once set.`}
        address={ido}
        abi={idoAbi}
        functionName="setAddresses"
        read={{ functionName: 'getAddresses' }}
        success={msg`Addresses updated`}
      />
      <LookupForm
        id="idoWhitelist"
        title={msg`Minting: whitelist`}
        lookup={{ name: 'account', kind: 'address', label: ACCOUNT }}
        read={(account) => ({ functionName: 'isWhitelisted', args: [account] })}
        address={ido}
        abi={idoAbi}
        functionName="setWhitelist"
        success={msg`Whitelist updated`}
      />
      <SettingForm
        id="idoWhitelists"
        title={msg`Minting: whitelist many accounts`}
        description={msg`Up to 100 addresses, separated by commas, spaces or lines.`}
        address={ido}
        abi={idoAbi}
        functionName="setWhitelists"
        bounds={IDO_WHITELISTS}
        success={msg`Whitelist updated`}
      />
      <LookupForm
        id="idoMinter"
        title={msg`Minting: minters`}
        description={msg`A minter may mint for buyers who paid elsewhere.`}
        lookup={{ name: 'minter', kind: 'address', label: ACCOUNT }}
        read={(account) => ({ functionName: 'isMinter', args: [account] })}
        address={ido}
        abi={idoAbi}
        functionName="setMinter"
        success={msg`Minter updated`}
      />
    </>
  )
}

/**
 * Ido.setConfig, with the vesting limits the contract applies once NEX is sold (issue 19): read from the chain
 * (`getSettings`, `totalInfo`), shown above the fields, and checked before the simulation.
 */
function IdoConfigForm({ ido }: { ido: Address }) {
  const data = useChainReads(
    useMemo(
      () =>
        [
          { address: ido, abi: idoAbi, functionName: 'getSettings' },
          { address: ido, abi: idoAbi, functionName: 'totalInfo' },
        ] as const,
      [ido],
    ),
  )
  const settings = ok(data?.[0])
  const totals = ok(data?.[1])
  // the chain's time of the block the page shows (the contract counts the first claimStart's year from its block)
  const now = useLatestBlock()?.timestamp
  const vesting: IdoVesting | undefined =
    settings && totals
      ? {
          sold: totals.totalTokens !== 0n,
          claimStart: settings.claimStart,
          dayTimes: settings.dayTimes,
          releaseDays: settings.releaseDays,
        }
      : undefined
  const fields = useMemo(() => abiFields(idoAbi, 'setConfig', IDO_SETTINGS), [])
  return (
    <AdminForm
      id="idoConfig"
      title={msg`Minting: settings`}
      fields={fields}
      current={settings}
      rules={(values) => [...idoReferralProblems(values), ...idoVestingProblems(values, vesting, now)]}
      address={ido}
      abi={idoAbi}
      functionName="setConfig"
      args={(values) => abiArgs(idoAbi, 'setConfig', values)}
      success={msg`Settings updated`}
    >
      <IdoVestingNote vesting={vesting} now={now} />
    </AdminForm>
  )
}

/** The vesting limits of Ido.setConfig now, in words. */
function IdoVestingNote({ vesting, now }: { vesting: IdoVesting | undefined; now: bigint | undefined }) {
  const { t } = useLingui()
  if (!vesting || now === undefined) return null
  const limits = idoVestingLimits(vesting, now)
  if (!limits) {
    return (
      <p className="app-muted" data-testid="ido-vesting-limits" data-sold="false">
        {t`No NEX is sold yet: the vesting (claimStart, dayTimes, releaseDays) may change within its bounds. Once NEX is sold it may only get faster.`}
      </p>
    )
  }
  const dayTimes = String(limits.dayTimesMax)
  const releaseDays = String(limits.releaseDaysMax)
  const claimStart = String(limits.claimStartMax)
  const claimTime = showTime(limits.claimStartMax)
  const days = String(IDO_MAX_CLAIM_DELAY / 86_400n)
  return (
    <p className="app-muted" data-testid="ido-vesting-limits" data-sold="true">
      {limits.unset
        ? t`NEX is sold already, so the vesting may only get faster: a first claimStart at most ${days} days ahead (at most ${claimStart}, ${claimTime}), dayTimes at most ${dayTimes} s, releaseDays at most ${releaseDays}.`
        : t`NEX is sold already, so the vesting may only get faster: claimStart only earlier and never unset (at most ${claimStart}, ${claimTime}), dayTimes at most ${dayTimes} s, releaseDays at most ${releaseDays}.`}
    </p>
  )
}

function StakeForms({ stake }: { stake: Address }) {
  return (
    <>
      <LookupForm
        id="stakeRound"
        title={msg`Staking: round terms`}
        description={msg`A round that has no deposits yet, or the next new one (index = the number of rounds).`}
        lookup={{ name: 'index', kind: 'uint', label: ROUND }}
        read={() => ({ functionName: 'getIdos' })}
        pick={(list, index) => (list as readonly unknown[])[Number(index)] ?? {}}
        address={stake}
        abi={stakeAbi}
        functionName="setIdo"
        bounds={STAKE_ROUND}
        rules={stakeRoundProblems}
        success={msg`Round set`}
      />
      <SettingForm
        id="stakeConfig"
        title={msg`Staking: settings`}
        address={stake}
        abi={stakeAbi}
        functionName="setConfig"
        read={{ functionName: 'getConfig' }}
        bounds={STAKE_SETTINGS}
        rules={stakeReferralProblems}
        success={msg`Settings updated`}
      />
      <LookupForm
        id="stakeWhitelist"
        title={msg`Staking: whitelist`}
        lookup={{ name: 'account', kind: 'address', label: ACCOUNT }}
        read={(account) => ({ functionName: 'isWhitelisted', args: [account] })}
        address={stake}
        abi={stakeAbi}
        functionName="setWhitelist"
        success={msg`Whitelist updated`}
      />
      <SettingForm
        id="stakeContracts"
        title={msg`Staking: contracts used`}
        address={stake}
        abi={stakeAbi}
        functionName="setContracts"
        success={msg`Addresses updated`}
      />
    </>
  )
}

function DoubleForms({ double }: { double: Address }) {
  return (
    <>
      <SettingForm
        id="doubleConfig"
        title={msg`Doubling: settings`}
        description={msg`openClaim opens or closes the doubling pool to new deposits (the FOM pools' shares too, so closing it stops FOM orders); claims of what it owes always stay open.`}
        address={double}
        abi={doubleAbi}
        functionName="setConfig"
        read={{ functionName: 'getConfig' }}
        bounds={DOUBLE_SETTINGS}
        success={msg`Settings updated`}
      />
      <LookupForm
        id="doubleDepositor"
        title={msg`Doubling: depositors`}
        description={msg`A depositor (the FOM pools) may deposit for its users.`}
        lookup={{ name: 'depositor', kind: 'address', label: ACCOUNT }}
        read={(account) => ({ functionName: 'isDepositor', args: [account] })}
        address={double}
        abi={doubleAbi}
        functionName="setDepositor"
        success={msg`Depositor updated`}
      />
      <SettingForm
        id="doubleLog"
        title={msg`Doubling: action log contract`}
        address={double}
        abi={doubleAbi}
        functionName="setLog"
        success={msg`Addresses updated`}
      />
    </>
  )
}

function LogForms({ log }: { log: Address }) {
  return (
    <>
      <SettingForm
        id="logDayTimes"
        title={msg`Action log: day length`}
        address={log}
        abi={logAbi}
        functionName="setDayTimes"
        read={{ functionName: 'dayTimes' }}
        bounds={LOG_DAY_TIMES}
        success={msg`Settings updated`}
      />
      <LookupForm
        id="logWriter"
        title={msg`Action log: writers`}
        description={msg`Contracts allowed to write entries.`}
        lookup={{ name: 'writer', kind: 'address', label: ACCOUNT }}
        read={(account) => ({ functionName: 'isWriter', args: [account] })}
        address={log}
        abi={logAbi}
        functionName="setWriter"
        success={msg`Writer updated`}
      />
    </>
  )
}

/** Token is not upgradeable: of the shared powers it has the excess withdrawal and the ownership transfer. */
const TOKEN_CONTROLS = new Set(['withdrawExcess', 'transferOwnership', 'acceptOwnership', 'renounceOwnership'])

const withinExcess = (values: Values, current: Partial<Values>): Problem[] =>
  current.amount !== undefined && (values.amount as bigint) > (current.amount as bigint)
    ? [{ key: 'amount', message: msg`More than the excess this contract holds` }]
    : []

/**
 * The powers every contract shares (`NexusUpgradeable`, and Ownable2Step on Token): pause (guardian or owner),
 * renew or lift a pause, guardian, withdrawal of the excess (held − owed), ownership transfer and renunciation,
 * and the upgrade steps (schedule, cancel, delay, upgrade). One contract at a time.
 */
export function ContractControls() {
  const { t } = useLingui()
  const contracts = ownedContracts()
  const names = Object.keys(contracts).filter((name) => name !== 'Timelock')
  const [chosen, setChosen] = useState(names[0] ?? '')
  // Admin screens do not refresh on their own: read the chosen contract's values when another one is chosen.
  const refresh = useRefreshChain()
  const readFor = useRef(chosen)
  useEffect(() => {
    if (chosen === readFor.current) return
    readFor.current = chosen
    void refresh()
  }, [chosen, refresh])
  const target = contracts[chosen]
  if (!target) return null
  const { address } = target
  const abi = target.abi as Abi
  const upgradeable = chosen !== 'Token'
  const shown = (name: string) => upgradeable || TOKEN_CONTROLS.has(name)
  return (
    <section className="admin-section" data-testid="contract-controls">
      <h2 className="admin-section__title">{t`Contract controls`}</h2>
      <SelectField
        label={t`Contract`}
        className="admin-lookup"
        testId="control-contract"
        options={names}
        value={chosen}
        onChange={setChosen}
      />
      {shown('pause') && (
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
      )}
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
      {upgradeable && (
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
      )}
    </section>
  )
}
