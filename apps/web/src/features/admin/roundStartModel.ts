import { msg } from '@lingui/core/macro'
import type { FieldSpec, Values } from '../../components/blocks/settings/formModel.ts'

/**
 * The model of the managers' round scheduling (`RoundStartForms.tsx`, on `/manager`): `setRoundStart(index,
 * startTime)`'s fields and values now, for Stake and Ido. No React, no language.
 */

/** NexusUpgradeable.MAX_ROUND_NOTICE: a round may be scheduled at most 90 days ahead, never in the past. */
export const MAX_ROUND_NOTICE = 90n * 86_400n

/**
 * `setRoundStart(index, startTime)`'s fields: `first` is the current round, the earliest one that may move, `last`
 * the last that exists (no bound when unknown); the start at most 90 days after `now` (Unix seconds).
 */
export function roundStartFields(first: bigint, last: bigint | undefined, now: bigint): FieldSpec[] {
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
      max: now + MAX_ROUND_NOTICE,
    },
  ]
}

export type RoundStartModel = { fields: FieldSpec[]; current: Partial<Values> | undefined }

/** Stake's: its current round (`getConfig().round`) and its rounds (`getIdos`), any of the existing ones. */
export function stakeRoundStart(
  round: bigint | undefined,
  rounds: readonly { startTime: bigint }[] | undefined,
  now: bigint,
): RoundStartModel {
  const current = round !== undefined && rounds ? rounds[Number(round)] : undefined
  return {
    fields: roundStartFields(round ?? 0n, rounds && rounds.length > 0 ? BigInt(rounds.length - 1) : undefined, now),
    current: round !== undefined && current ? { index: round, startTime: current.startTime } : undefined,
  }
}

/** Ido's: its round state (`getRoundState`), the current round or a later one. */
export function idoRoundStart(state: { round: bigint; startTime: bigint } | undefined, now: bigint): RoundStartModel {
  return {
    fields: roundStartFields(state?.round ?? 0n, undefined, now),
    current: state ? { index: state.round, startTime: state.startTime } : undefined,
  }
}
