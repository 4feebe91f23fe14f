import { useMemo, useState } from 'react'
import { burnAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { burnOrderRowModel } from './ordersModel.ts'
import type { BurnOrderRowModel, OrdersTab } from './ordersModel.ts'
import type { BurnOrderNode } from './queries.ts'

/** `/orders` for a connected account: the open tab, the lists' variables and Burn's reward rate. */
export function useOrdersModel(burn: Address, account: Address) {
  const [tab, setTab] = useState<OrdersTab>('burn')
  const config = ok(
    useNamedChainReads(
      useMemo(() => ({ config: { address: burn, abi: burnAbi, functionName: 'getConfig' } }) as const, [burn]),
    )?.config,
  )
  const variables = useMemo(() => ({ account: account.toLowerCase() }), [account])
  return { tab, setTab, variables, rewardRate: config?.rewardRate }
}

/** One burn order's row: its live state on the chain (`orders`, `pendingReward`) with its indexed record. */
export function useBurnOrderRow(burn: Address, node: BurnOrderNode, rewardRate: bigint | undefined): BurnOrderRowModel {
  const now = useChainNow()
  const index = BigInt(node.index)
  const live = useNamedChainReads(
    useMemo(
      () =>
        ({
          order: { address: burn, abi: burnAbi, functionName: 'orders', args: [index] },
          pending: { address: burn, abi: burnAbi, functionName: 'pendingReward', args: [index] },
        }) as const,
      [burn, index],
    ),
  )
  return burnOrderRowModel(node, { order: ok(live?.order), pending: ok(live?.pending) }, rewardRate, now)
}
