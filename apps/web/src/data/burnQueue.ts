import { useMemo } from 'react'
import { burnAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { ok, useChainNow, useNamedChainReads } from './ChainData.tsx'

/**
 * Whether expired orders wait in Burn's expiry queue, the one definition `/burn` (its "settle expired orders"
 * hint) and `/transparency` (the keeper's "forced outs of expired orders" job) both show: the order at the head
 * of the queue (`totalInfo().lastOut`, 0 when the queue is empty) has ended on the chain's clock. Such orders wait
 * to be forced out (`processExpired`, or the keeper's upkeep), and until then Burn shares no new dividends.
 * Undefined while unknown (or without a Burn).
 */
export function useBurnExpiredWaiting(burn: Address | undefined): boolean | undefined {
  const now = useChainNow()
  const totals = ok(
    useNamedChainReads(
      useMemo(
        () => (burn ? ({ totals: { address: burn, abi: burnAbi, functionName: 'totalInfo' } } as const) : undefined),
        [burn],
      ),
    )?.totals,
  )
  const head = totals?.lastOut
  const order = ok(
    useNamedChainReads(
      useMemo(
        () =>
          burn && head
            ? ({ order: { address: burn, abi: burnAbi, functionName: 'orders', args: [head] } } as const)
            : undefined,
        [burn, head],
      ),
    )?.order,
  )
  if (head === undefined || now === undefined) return undefined
  if (head === 0n) return false
  return order === undefined ? undefined : order.endTime <= BigInt(now)
}
