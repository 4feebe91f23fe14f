import { useMemo } from 'react'
import { miningAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { ok, useChainReads } from '../../data/ChainData.tsx'
import { miningMultiValues } from './miningAdminModel.ts'

/** Mining's settings and multi settings on chain. */
export function useMiningAdminModel(mining: Address) {
  const data = useChainReads(
    useMemo(
      () =>
        [
          { address: mining, abi: miningAbi, functionName: 'getConfig' },
          { address: mining, abi: miningAbi, functionName: 'getConfigMulti' },
        ] as const,
      [mining],
    ),
  )
  const multi = ok(data?.[1])
  const multiValues = useMemo(() => miningMultiValues(multi), [multi])
  return { config: ok(data?.[0]), multiValues }
}
