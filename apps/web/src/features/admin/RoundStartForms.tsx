import { msg } from '@lingui/core/macro'
import { idoAbi, stakeAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { AdminForm } from './AdminForm.tsx'
import { deployed } from '../../lib/deployment.ts'
import { useIdoRoundStart, useStakeRoundStart } from './useManagerModel.ts'

/**
 * The managers' own right (Main.isManager): scheduling when the next staking or minting round opens, within the
 * contracts' bounds (`roundStartModel.ts`); the owner's round terms stay owner settings.
 */
export function RoundStartForms() {
  const stake = deployed('Stake')
  const ido = deployed('Ido')
  return (
    <>
      {stake && <StakeRoundStart stake={stake} />}
      {ido && <IdoRoundStart ido={ido} />}
    </>
  )
}

function StakeRoundStart({ stake }: { stake: Address }) {
  const { fields, current } = useStakeRoundStart(stake)
  return (
    <AdminForm
      id="stakeRoundStart"
      access="manager"
      title={msg`Staking round start`}
      description={msg`Moves when a staking round opens: a later round either way, the current one only later and only before it opened. The round's terms do not change.`}
      fields={fields}
      current={current}
      address={stake}
      abi={stakeAbi}
      functionName="setRoundStart"
      args={(v) => [v.index, v.startTime]}
      success={msg`Round scheduled`}
    />
  )
}

function IdoRoundStart({ ido }: { ido: Address }) {
  const { fields, current } = useIdoRoundStart(ido)
  return (
    <AdminForm
      id="idoRoundStart"
      access="manager"
      title={msg`Minting round start`}
      description={msg`Moves when a minting round opens: a later round either way (never inside the cool-down before it), the current one only later and only before it started. Prices and amounts do not change.`}
      fields={fields}
      current={current}
      address={ido}
      abi={idoAbi}
      functionName="setRoundStart"
      args={(v) => [v.index, v.startTime]}
      success={msg`Round scheduled`}
    />
  )
}
