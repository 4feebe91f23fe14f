import { useMemo, useState } from 'react'
import { burnAbi } from '@nexus/abi'
import { erc20Abi, zeroAddress } from 'viem'
import type { Address } from 'viem'
import { ok, useChainReads, useNamedChainReads } from '../../data/ChainData.tsx'
import { useSession } from '../../data/session.tsx'
import { useBurnExpiredWaiting } from '../../data/burnQueue.ts'
import { nativeBalanceRead } from '../../lib/nativeBalance.ts'
import { claimWindow } from '../../components/blocks/account/dividends.ts'
import type { BurnOrderState } from '../../components/blocks/account/dividends.ts'
import { burnModel } from './burnModel.ts'
import type { BurnModel, ClaimWindow } from './burnModel.ts'

const ONE = 10n ** 18n

/** The Burn page's reads (Burn, the account's balances, its claim window, the expiry queue) and its model. */
export function useBurnModel({ burn, usdt }: { burn: Address; usdt: Address }): {
  model: BurnModel
  form: {
    times: string
    setTimes: (times: string) => void
    payWith: 'USDT' | 'BNB'
    setPayWith: (payWith: 'USDT' | 'BNB') => void
  }
} {
  const { account } = useSession()
  const [times, setTimes] = useState('')
  const [payWith, setPayWith] = useState<'USDT' | 'BNB'>('USDT')
  const who = account ?? zeroAddress
  const bnbRead = useMemo(() => nativeBalanceRead(who), [who])

  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address: burn, abi: burnAbi, functionName: 'getConfig' },
          multi: { address: burn, abi: burnAbi, functionName: 'getConfigMulti' },
          totals: { address: burn, abi: burnAbi, functionName: 'totalInfo' },
          reserves: { address: burn, abi: burnAbi, functionName: 'getReserves' },
          user: { address: burn, abi: burnAbi, functionName: 'users', args: [who] },
          usdtPerBnb: { address: burn, abi: burnAbi, functionName: 'getSwapBnb', args: [ONE] },
          nexPerBnb: { address: burn, abi: burnAbi, functionName: 'getSwapTokens', args: [ONE] },
          usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
        }) as const,
      [burn, usdt, who],
    ),
  )
  const bnb = useNamedChainReads(useMemo(() => (bnbRead ? { balance: bnbRead } : undefined), [bnbRead]))
  const config = ok(data?.config)
  const user = account ? ok(data?.user) : undefined
  const window = useClaimWindow(burn, account, user?.lastOut, user?.orders, config?.handleGas)
  const expiredWaiting = useBurnExpiredWaiting(burn) === true

  const model = burnModel({
    account,
    burn,
    usdt,
    reads: {
      config,
      multi: ok(data?.multi),
      totals: ok(data?.totals),
      reserves: ok(data?.reserves),
      user,
      usdtPerBnb: ok(data?.usdtPerBnb),
      nexPerBnb: ok(data?.nexPerBnb),
      usdtBalance: ok(data?.usdtBalance),
      bnbBalance: ok(bnb?.balance),
    },
    claimWindow: window,
    expiredWaiting,
    times,
    payWith,
  })
  return { model, form: { times, setTimes, payWith, setPayWith } }
}

/**
 * The orders that the user's next claim settles ({@link claimWindow}: from `lastOut`, at most `handleGas`), each
 * with its accrued dividends, and whether more orders wait for a later claim.
 */
function useClaimWindow(
  burn: Address,
  account: Address | undefined,
  lastOut: bigint | undefined,
  count: bigint | undefined,
  handleGas: bigint | undefined,
): ClaimWindow | undefined {
  const claim = useMemo(
    () =>
      account && lastOut !== undefined && count !== undefined && handleGas !== undefined
        ? claimWindow(lastOut, count, handleGas)
        : undefined,
    [account, lastOut, count, handleGas],
  )
  const indexes = useChainReads(
    useMemo(
      () =>
        claim && account
          ? claim.positions.map(
              (i) => ({ address: burn, abi: burnAbi, functionName: 'userOrderIndex', args: [account, i] }) as const,
            )
          : undefined,
      [burn, account, claim],
    ),
  )
  const orderIndexes = indexes?.map((result) => ok(result)).filter((value): value is bigint => value !== undefined)
  const key = orderIndexes?.join(',')
  // One list per view, each result at its order's place (both lists travel in the page's one multicall).
  const orderReads = useChainReads(
    useMemo(
      () =>
        orderIndexes?.map((index) => ({ address: burn, abi: burnAbi, functionName: 'orders', args: [index] }) as const),
      // The reads change when the order indexes do.
      [burn, key],
    ),
  )
  const pendingReads = useChainReads(
    useMemo(
      () =>
        orderIndexes?.map(
          (index) => ({ address: burn, abi: burnAbi, functionName: 'pendingReward', args: [index] }) as const,
        ),
      [burn, key],
    ),
  )
  if (!claim) return undefined
  if (claim.positions.length === 0) return { orders: [], more: claim.more }
  if (!orderReads || !pendingReads || !orderIndexes || orderIndexes.length !== claim.positions.length) return undefined
  const orders: BurnOrderState[] = []
  for (const [position, result] of orderReads.entries()) {
    const order = ok(result)
    const pending = ok(pendingReads[position])
    if (!order || pending === undefined) return undefined
    orders.push({ amount: order.amount, reward: order.reward, isValid: order.isValid, pending })
  }
  return { orders, more: claim.more }
}
