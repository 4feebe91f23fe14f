import { useMemo } from 'react'
import { idoAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { ok, useChainNow, useChainReads, useNamedChainReads } from '../../data/ChainData.tsx'
import { idoRoundsModel, roundIndexes } from './idoModel.ts'
import type { IdoRoundsModel } from './idoModel.ts'

/** The rounds table of `/ido`: Ido's current round and state, then each round up to a few after the current one. */
export function useIdoRoundsModel(ido: Address): IdoRoundsModel {
  const now = useChainNow()
  const head = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address: ido, abi: idoAbi, functionName: 'getConfig' },
          state: { address: ido, abi: idoAbi, functionName: 'getRoundState' },
        }) as const,
      [ido],
    ),
  )
  const current = ok(head?.config)?.round
  const rounds = useChainReads(
    useMemo(
      () =>
        current === undefined
          ? undefined
          : roundIndexes(current).map(
              (index) => ({ address: ido, abi: idoAbi, functionName: 'idos', args: [index] }) as const,
            ),
      [ido, current],
    ),
  )
  return idoRoundsModel(
    rounds?.map((read) => ok(read)),
    current,
    ok(head?.state),
    now,
  )
}
