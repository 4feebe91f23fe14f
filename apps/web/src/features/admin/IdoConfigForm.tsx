import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { idoAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { showTime } from '../../lib/format.ts'
import { IDO_SETTINGS } from '../../components/blocks/settings/specs.ts'
import { AdminForm } from './AdminForm.tsx'
import { abiArgs, abiFields } from './abiForm.ts'
import type { IdoVestingNote as Note } from './systemFormsModel.ts'
import { useIdoConfigModel } from './useSystemFormsModel.ts'

/**
 * Ido.setConfig, with the vesting limits the contract applies once NEX is sold: read from the chain
 * (`getSettings`, `totalInfo`), shown above the fields, and checked before the simulation.
 */
export function IdoConfigForm({ ido }: { ido: Address }) {
  const { settings, rules, note } = useIdoConfigModel(ido)
  const fields = useMemo(() => abiFields(idoAbi, 'setConfig', IDO_SETTINGS), [])
  return (
    <AdminForm
      id="idoConfig"
      title={msg`Minting: settings`}
      fields={fields}
      current={settings}
      rules={rules}
      address={ido}
      abi={idoAbi}
      functionName="setConfig"
      args={(values) => abiArgs(idoAbi, 'setConfig', values)}
      success={msg`Settings updated`}
    >
      <IdoVestingNote note={note} />
    </AdminForm>
  )
}

/** The vesting limits of Ido.setConfig now, in words. */
function IdoVestingNote({ note }: { note: Note }) {
  const { t } = useLingui()
  if (note.state === 'unknown') return null
  if (note.state === 'free') {
    return (
      <p className="app-muted" data-testid="ido-vesting-limits" data-sold="false">
        {t`No NEX is sold yet: the vesting (claimStart, dayTimes, releaseDays) may change within its bounds. Once NEX is sold it may only get faster.`}
      </p>
    )
  }
  // named as the messages name them
  const { days, dayTimesMax: dayTimes, releaseDaysMax: releaseDays } = note
  const claimStart = String(note.claimStartMax)
  const claimTime = showTime(note.claimStartMax)
  return (
    <p className="app-muted" data-testid="ido-vesting-limits" data-sold="true">
      {note.unset
        ? t`NEX is sold already, so the vesting may only get faster: a first claimStart at most ${days} days ahead (at most ${claimStart}, ${claimTime}), dayTimes at most ${dayTimes} s, releaseDays at most ${releaseDays}.`
        : t`NEX is sold already, so the vesting may only get faster: claimStart only earlier and never unset (at most ${claimStart}, ${claimTime}), dayTimes at most ${dayTimes} s, releaseDays at most ${releaseDays}.`}
    </p>
  )
}
