import { useEffect, useMemo, useState } from 'react'
import { burnAbi, idoAbi, nftAbi, stakeAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { ok, useChainReads, useRefreshChain } from '../../data/ChainData.tsx'
import type { Values } from '../../components/blocks/settings/formModel.ts'
import { flagValues, lookupKey } from './adminFormModel.ts'
import { burnMultiValues, levelNameValues, nftModel } from './managerModel.ts'
import type { BurnConfig, BurnConfigMulti, NftModel } from './managerModel.ts'
import { idoRoundStart, stakeRoundStart } from './roundStartModel.ts'
import type { RoundStartModel } from './roundStartModel.ts'

/** `/manager`'s NFT forms: the contract's settings and cards read, and the card chosen. */
export function useNftModel(nft: Address): NftModel & { choose: (tokenId: bigint) => void } {
  const data = useChainReads(
    useMemo(
      () =>
        [
          { address: nft, abi: nftAbi, functionName: 'getConfig' },
          { address: nft, abi: nftAbi, functionName: 'getCards' },
        ] as const,
      [nft],
    ),
  )
  const [chosen, choose] = useState<bigint>()
  return { ...nftModel(ok(data?.[0]), ok(data?.[1]), chosen), choose }
}

/** The tier names of the level chosen. */
export function useLevelNames(nft: Address): {
  level: number
  setLevel: (level: number) => void
  current: Partial<Values> | undefined
} {
  const [level, setLevel] = useState(1)
  const data = useChainReads(
    useMemo(() => [{ address: nft, abi: nftAbi, functionName: 'getLevelNames' }] as const, [nft]),
  )
  return { level, setLevel, current: levelNameValues(ok(data?.[0]), level) }
}

/** The box typed and whether it may mint and burn cards now, read again for each box typed. */
export function useBoxModel(
  nft: Address,
  text: string,
): { box: Address | undefined; current: Partial<Values> | undefined } {
  const refresh = useRefreshChain()
  const box = lookupKey('address', text)
  const data = useChainReads(
    useMemo(
      () => (box ? ([{ address: nft, abi: nftAbi, functionName: 'isBox', args: [box] }] as const) : undefined),
      [nft, box],
    ),
  )
  // admin screens do not refresh on their own: read the flag of each box typed
  useEffect(() => {
    if (box) void refresh()
  }, [box, refresh])
  return { box, current: flagValues(box, 'allowed', ok(data?.[0])) }
}

/** Burn's settings and multi settings on chain. */
export function useBurnModel(burn: Address): {
  config: BurnConfig | undefined
  multi: BurnConfigMulti | undefined
  multiValues: Values | undefined
} {
  const data = useChainReads(
    useMemo(
      () =>
        [
          { address: burn, abi: burnAbi, functionName: 'getConfig' },
          { address: burn, abi: burnAbi, functionName: 'getConfigMulti' },
        ] as const,
      [burn],
    ),
  )
  const config = ok(data?.[0])
  const multi = ok(data?.[1])
  const multiValues = useMemo(() => burnMultiValues(multi), [multi])
  return { config, multi, multiValues }
}

/** The device's time in Unix seconds (the round start's bound, as the form has always used it). */
const deviceNow = () => BigInt(Math.floor(Date.now() / 1000))

/** Stake's round scheduling: its current round and rounds. */
export function useStakeRoundStart(stake: Address): RoundStartModel {
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
  return stakeRoundStart(ok(data?.[0])?.round, ok(data?.[1]), deviceNow())
}

/** Ido's round scheduling: its round state. */
export function useIdoRoundStart(ido: Address): RoundStartModel {
  const data = useChainReads(
    useMemo(() => [{ address: ido, abi: idoAbi, functionName: 'getRoundState' }] as const, [ido]),
  )
  return idoRoundStart(ok(data?.[0]), deviceNow())
}
