import { useMemo, useState } from 'react'
import { stakeAbi } from '@nexus/abi'
import { erc20Abi } from 'viem'
import type { Address } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useReader } from '../../components/blocks/records/RecordParts.tsx'
import { stakeModel } from './stakeModel.ts'
import type { StakeModel } from './stakeModel.ts'

const ONE_USDT = 10n ** 18n

/** The reads of `/stake` (Stake's config, rounds, totals and price; the account's stakes and USDT) and its model. */
export function useStakeModel({ stake, usdt }: { stake: Address; usdt: Address }): {
  model: StakeModel
  now: number | undefined
  input: string
  setInput: (input: string) => void
} {
  const { account, who } = useReader()
  const now = useChainNow()
  const [input, setInput] = useState('')
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address: stake, abi: stakeAbi, functionName: 'getConfig' },
          idos: { address: stake, abi: stakeAbi, functionName: 'getIdos' },
          info: { address: stake, abi: stakeAbi, functionName: 'getUserInfo', args: [who] },
          whitelisted: { address: stake, abi: stakeAbi, functionName: 'isWhitelisted', args: [who] },
          balance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          totals: { address: stake, abi: stakeAbi, functionName: 'getTotals' },
          tokensPerUsdt: { address: stake, abi: stakeAbi, functionName: 'getPrice', args: [ONE_USDT] },
        }) as const,
      [stake, usdt, who],
    ),
  )
  const model = stakeModel({
    account,
    stake,
    usdt,
    now,
    input,
    reads: {
      config: ok(data?.config),
      idos: ok(data?.idos),
      idosFailed: data?.idos?.status === 'failure',
      info: ok(data?.info),
      infoFailed: data?.info?.status === 'failure',
      whitelisted: ok(data?.whitelisted),
      balance: ok(data?.balance),
      totals: ok(data?.totals),
      tokensPerUsdt: ok(data?.tokensPerUsdt),
    },
  })
  return { model, now, input, setInput }
}
