import { useMemo } from 'react'
import { fomoAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { ok, useChainReads } from '../../data/ChainData.tsx'
import type { Values } from '../../components/blocks/settings/formModel.ts'
import { fomoMultiValues, goldBalanceValues } from './fomoAdminModel.ts'

/** A FOM pool's settings, multi settings and gold balance on chain. */
export function useFomoAdminModel(fomo: Address) {
  const data = useChainReads(
    useMemo(
      () =>
        [
          { address: fomo, abi: fomoAbi, functionName: 'getConfig' },
          { address: fomo, abi: fomoAbi, functionName: 'getConfigMulti' },
          { address: fomo, abi: fomoAbi, functionName: 'getValues' },
        ] as const,
      [fomo],
    ),
  )
  const multi = ok(data?.[1])
  const values = ok(data?.[2])
  const multiValues: Values | undefined = useMemo(() => fomoMultiValues(multi), [multi])
  return { config: ok(data?.[0]), multiValues, gold: values?.balanceGold, goldValues: goldBalanceValues(values) }
}
