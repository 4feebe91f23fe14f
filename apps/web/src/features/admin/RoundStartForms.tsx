import { useMemo } from 'react'
import { msg } from '@lingui/core/macro'
import { idoAbi, stakeAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { ok, useChainReads } from '../../data/ChainData.tsx'
import { AdminForm } from './AdminForm.tsx'
import { deployed } from '../../lib/deployment.ts'
import type { FieldSpec } from '../../components/blocks/settings/formModel.ts'

/** NexusUpgradeable.MAX_ROUND_NOTICE: a round may be scheduled at most 90 days ahead, never in the past. */
const MAX_ROUND_NOTICE = 90n * 86_400n

/** `setRoundStart(index, startTime)`'s fields; `first` is the current round, the earliest one that may move. */
function roundStartFields(first: bigint, last: bigint | undefined): FieldSpec[] {
  return [
    {
      key: 'index',
      label: msg`Round (0 = the first)`,
      kind: 'uint',
      min: first,
      ...(last !== undefined && { max: last }),
    },
    {
      key: 'startTime',
      label: msg`Start time (Unix seconds, at most 90 days ahead)`,
      kind: 'uint',
      max: BigInt(Math.floor(Date.now() / 1000)) + MAX_ROUND_NOTICE,
    },
  ]
}

/**
 * The managers' own right (Main.isManager, issue 19): scheduling when the next staking or minting round opens,
 * within the contracts' bounds; the owner's round terms stay owner settings.
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
  const data = useChainReads(
    useMemo(
      () =>
        [
          { address: stake, abi: stakeAbi, functionName: 'getConfig' },
          { address: stake, abi: stakeAbi, functionName: 'getIdos' },
        ] as const,
      [stake],
    ),
  )
  const config = ok(data?.[0])
  const rounds = ok(data?.[1])
  const round = config?.round
  const current = round !== undefined && rounds ? rounds[Number(round)] : undefined
  return (
    <AdminForm
      id="stakeRoundStart"
      access="manager"
      title={msg`Staking round start`}
      description={msg`Moves when a staking round opens: a later round either way, the current one only later and only before it opened. The round's terms do not change.`}
      fields={roundStartFields(round ?? 0n, rounds && rounds.length > 0 ? BigInt(rounds.length - 1) : undefined)}
      current={round !== undefined && current ? { index: round, startTime: current.startTime } : undefined}
      address={stake}
      abi={stakeAbi}
      functionName="setRoundStart"
      args={(v) => [v.index, v.startTime]}
      success={msg`Round scheduled`}
    />
  )
}

function IdoRoundStart({ ido }: { ido: Address }) {
  const data = useChainReads(
    useMemo(() => [{ address: ido, abi: idoAbi, functionName: 'getRoundState' }] as const, [ido]),
  )
  const state = ok(data?.[0])
  return (
    <AdminForm
      id="idoRoundStart"
      access="manager"
      title={msg`Minting round start`}
      description={msg`Moves when a minting round opens: a later round either way (never inside the cool-down before it), the current one only later and only before it started. Prices and amounts do not change.`}
      fields={roundStartFields(state?.round ?? 0n, undefined)}
      current={state ? { index: state.round, startTime: state.startTime } : undefined}
      address={ido}
      abi={idoAbi}
      functionName="setRoundStart"
      args={(v) => [v.index, v.startTime]}
      success={msg`Round scheduled`}
    />
  )
}
