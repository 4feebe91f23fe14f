import { useEffect, useMemo, useRef, useState } from 'react'
import { idoAbi } from '@nexus/abi'
import type { Abi, Address } from 'viem'
import { ok, useChainReads, useLatestBlock, useRefreshChain } from '../../data/ChainData.tsx'
import { ownedContracts } from '../../components/blocks/timelock/useTimelock.ts'
import type { Problem, Values } from '../../components/blocks/settings/formModel.ts'
import { controlledNames, controlsOf, idoConfigRules, idoVestingNote, idoVestingOf } from './systemFormsModel.ts'
import type { IdoSettingsNow, IdoVestingNote } from './systemFormsModel.ts'

/**
 * Ido.setConfig's form: its settings on chain, and the vesting limits the contract applies once NEX is sold, from
 * the chain's time of the block the page shows (the contract counts the first claimStart's year from its block).
 */
export function useIdoConfigModel(ido: Address): {
  settings: IdoSettingsNow | undefined
  rules: (values: Values) => Problem[]
  note: IdoVestingNote
} {
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
  const now = useLatestBlock()?.timestamp
  const vesting = idoVestingOf(settings, ok(data?.[1]))
  return { settings, rules: idoConfigRules(vesting, now), note: idoVestingNote(vesting, now) }
}

/** The contract whose shared powers are shown, one at a time; its values are read again when another is chosen. */
export function useContractControlsModel(): {
  names: string[]
  chosen: string
  choose: (name: string) => void
  target: { address: Address; abi: Abi; upgradeable: boolean; has: (power: string) => boolean } | undefined
} {
  const contracts = ownedContracts()
  const names = controlledNames(contracts)
  const [chosen, choose] = useState(names[0] ?? '')
  // Admin screens do not refresh on their own: read the chosen contract's values when another one is chosen.
  const refresh = useRefreshChain()
  const readFor = useRef(chosen)
  useEffect(() => {
    if (chosen === readFor.current) return
    readFor.current = chosen
    void refresh()
  }, [chosen, refresh])
  const contract = contracts[chosen]
  return {
    names,
    chosen,
    choose,
    target: contract && { address: contract.address, abi: contract.abi as Abi, ...controlsOf(chosen) },
  }
}
