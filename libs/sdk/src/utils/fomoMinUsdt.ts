import { quoteSwap } from './quoteSwap.ts'

export type FomoMinUsdtParameters = {
  /** The NEX the order pays: `getSwapIn(value)` of the Fomo or super Fomo pool (the TWAP amount). */
  nexIn: bigint
  /** The NEX/USDT pair's reserves now (`getReserves`, ordered by `token0`). */
  reserveNex: bigint
  reserveUsdt: bigint
  /** The pair's own fee in basis points: 30 on Uniswap V2 (the local DEX), 25 on PancakeSwap V2. @default 30 */
  pairFeeBps?: number | undefined
  /** How far the sale may fill below the quote, in basis points. @default 100 */
  toleranceBps?: number | undefined
}

/**
 * The `minUsdt` to pass to `Fomo.burn(index, times, amount, false, minUsdt)` (an order paid in NEX): what the pool's
 * sale of `nexIn` NEX brings on the pair as it is now (the pools sell without NEX's fee: they are fee exempt), less
 * `toleranceBps`. If the pair's price moves for the worse before the order is mined (a sandwich around it), the
 * order reverts (`FomoSlippage`) instead of selling the NEX for less. 0 (no minimum beyond the contract's
 * `swapRate` floor) without NEX or reserves. Throws `InvalidSwapQuoteError` for a tolerance outside 0..10,000.
 *
 * @example
 * // 1,000 NEX into a 1,000,000 NEX / 100,000 USDT pair: ≈99.6 USDT, less 1 %
 * fomoMinUsdt({ nexIn: 1_000n * 10n ** 18n, reserveNex: 1_000_000n * 10n ** 18n, reserveUsdt: 100_000n * 10n ** 18n })
 */
export function fomoMinUsdt(parameters: FomoMinUsdtParameters): bigint {
  const { nexIn, reserveNex, reserveUsdt, pairFeeBps, toleranceBps = 100 } = parameters
  if (nexIn <= 0n || reserveNex <= 0n || reserveUsdt <= 0n) return 0n
  return quoteSwap({
    side: 'sell',
    amountIn: nexIn,
    feeBps: [],
    reserveIn: reserveNex,
    reserveOut: reserveUsdt,
    pairFeeBps,
    slippageBps: toleranceBps,
  }).minimumOut
}
