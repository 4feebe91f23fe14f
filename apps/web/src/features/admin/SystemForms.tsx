import { msg } from '@lingui/core/macro'
import { doubleAbi, idoAbi, infoAbi, logAbi, mainAbi, stakeAbi, tokenAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { deployed } from '../../lib/deployment.ts'
import { ContractControls } from './ContractControls.tsx'
import { IdoConfigForm } from './IdoConfigForm.tsx'
import { LookupForm, SettingForm } from './SettingForms.tsx'
import {
  DOUBLE_SETTINGS,
  IDO_ROUND,
  IDO_WHITELISTS,
  LOG_DAY_TIMES,
  MAIN_SETTINGS,
  STAKE_ROUND,
  STAKE_SETTINGS,
  TOKEN_MULTI,
  TOKEN_SETTINGS,
  referralRatesProblems,
  stakeRoundProblems,
  tokenMultiProblems,
  tokenSettingsProblems,
} from '../../components/blocks/settings/specs.ts'

const ACCOUNT = msg`Account`
const ROUND = msg`Round (0 = the first)`
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
