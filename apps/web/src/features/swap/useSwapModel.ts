import { useEffect, useMemo, useState } from 'react'
import { iUniswapV2PairAbi, tokenAbi } from '@nexus/abi'
import { erc20Abi, zeroAddress } from 'viem'
import type { Address } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useSession } from '../../data/session.tsx'
import { dexFeeBps } from '../../lib/appChain.ts'
import { env } from '../../lib/env.ts'
import { savedSlippage, swapModel } from './swapModel.ts'
import type { SwapModel } from './swapModel.ts'

/** Local-storage key of the chosen slippage, in basis points. */
export const SLIPPAGE_KEY = 'swapSlippage'

/** The reads of `/swap` (balances, the pair, NEX's fees), its form (direction, amount, saved slippage) and its model. */
export function useSwapModel({
  router,
  usdt,
  nex,
  pair,
}: {
  router: Address
  usdt: Address
  nex: Address
  pair: Address
}) {
  const { account } = useSession()
  const chainNow = useChainNow()
  const [fromUsdt, setFromUsdt] = useState(true)
  const [input, setInput] = useState('')
  const [slippage, setSlippage] = useState(() => savedSlippage(window.localStorage.getItem(SLIPPAGE_KEY)))
  useEffect(() => window.localStorage.setItem(SLIPPAGE_KEY, String(slippage)), [slippage])
  const who = account ?? zeroAddress

  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          nexBalance: { address: nex, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          reserves: { address: pair, abi: iUniswapV2PairAbi, functionName: 'getReserves' },
          token0: { address: pair, abi: iUniswapV2PairAbi, functionName: 'token0' },
          config: { address: nex, abi: tokenAbi, functionName: 'getConfig' },
          exempt: { address: nex, abi: tokenAbi, functionName: 'isFeeExempt', args: [who] },
        }) as const,
      [usdt, nex, pair, who],
    ),
  )
  const model: SwapModel = swapModel({
    account,
    router,
    usdt,
    nex,
    reads: {
      usdtBalance: ok(data?.usdtBalance),
      nexBalance: ok(data?.nexBalance),
      reserves: ok(data?.reserves),
      token0: ok(data?.token0),
      config: ok(data?.config),
      exempt: ok(data?.exempt),
    },
    fromUsdt,
    input,
    slippageBps: slippage,
    pairFeeBps: dexFeeBps(env.chainId),
    chainNow,
    deviceNow: Math.floor(Date.now() / 1000),
  })
  return {
    model,
    input,
    setInput,
    slippage,
    setSlippage,
    /** Turns the direction around and empties the field. */
    flip: () => {
      setFromUsdt((value) => !value)
      setInput('')
    },
  }
}
