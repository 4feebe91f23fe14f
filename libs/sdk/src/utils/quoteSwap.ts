import { InvalidSwapQuoteError, type InvalidSwapQuoteErrorType } from '../errors/swap.ts'

const BPS = 10_000n

export type QuoteSwapParameters = {
  /**
   * `buy`: the token leaves its pair (the token's fee is taken from what the buyer receives);
   * `sell`: the token enters its pair (the fee is taken from what the seller pays, before the pair prices it).
   */
  side: 'buy' | 'sell'
  /** What the user pays, in the smallest unit of the token paid. */
  amountIn: bigint
  /**
   * The token's fee rates on this side in basis points, each taken and floored on its own as the token does:
   * NEX's `[buyRate]` on a buy, `[addPoolRate, feeUSDT, feeNex]` on a sell. Empty (or the account exempt): no fee.
   */
  feeBps: readonly (bigint | number)[]
  /** The pair's reserve of the token paid and of the token received. */
  reserveIn: bigint
  reserveOut: bigint
  /** The pair's own fee in basis points: 30 on Uniswap V2 (the local DEX), 25 on PancakeSwap V2. @default 30 */
  pairFeeBps?: number | undefined
  /** The slippage tolerance applied to the net output for `minimumOut`, in basis points. @default 100 */
  slippageBps?: number | undefined
}

export type QuoteSwapReturnType = {
  /** What the pair receives (the amount paid less a sell's fee). */
  pairAmountIn: bigint
  /** What the pair sends out (before a buy's fee). */
  pairAmountOut: bigint
  /** The token's fee: in the token paid on a sell, in the token received on a buy. */
  fee: bigint
  /** What the user receives: the quote net of the token's fees. */
  amountOut: bigint
  /** The least the user accepts: `amountOut` less the slippage tolerance, floored (the swap's `amountOutMin`). */
  minimumOut: bigint
  /** How much worse the pair's price for this trade is than its price before it, in basis points. */
  priceImpactBps: number
}

export type QuoteSwapErrorType = InvalidSwapQuoteErrorType

function feeOf(amount: bigint, rates: readonly (bigint | number)[]): bigint {
  let fee = 0n
  for (const rate of rates) fee += (amount * BigInt(rate)) / BPS
  return fee
}

function checkBps(name: string, value: bigint | number) {
  const rate = BigInt(value)
  if (rate < 0n || rate > BPS) throw new InvalidSwapQuoteError(`${name} must lie between 0 and 10000 basis points`)
}

/**
 * Quotes a swap of an exact input with a fee-on-transfer token (NEX) on a constant-product pair, net of the
 * token's fees: what the pair receives and sends, the fee, what the user receives, the minimum output after the
 * slippage tolerance, and the price impact of the pair leg. The minimum is derived from the net quote, so that a
 * swap at the default 1 % tolerance passes the router's `amountOutMin` check.
 *
 * @example
 * // Selling 100 NEX (5 % sell fee) into a 1,000 NEX / 1,000 USDT pair:
 * quoteSwap({ side: 'sell', amountIn: 100n * 10n ** 18n, feeBps: [200, 200, 100],
 *   reserveIn: 1_000n * 10n ** 18n, reserveOut: 1_000n * 10n ** 18n })
 * // { pairAmountIn: 95e18, fee: 5e18, amountOut: ≈86.5e18, minimumOut: ≈85.6e18, priceImpactBps: 866, … }
 */
export function quoteSwap(parameters: QuoteSwapParameters): QuoteSwapReturnType {
  const { side, amountIn, feeBps, reserveIn, reserveOut, pairFeeBps = 30, slippageBps = 100 } = parameters
  if (amountIn < 0n) throw new InvalidSwapQuoteError('amountIn must not be negative')
  if (reserveIn < 0n || reserveOut < 0n) throw new InvalidSwapQuoteError('reserves must not be negative')
  for (const rate of feeBps) checkBps('a fee rate', rate)
  checkBps('pairFeeBps', pairFeeBps)
  checkBps('slippageBps', slippageBps)
  const sellFee = side === 'sell' ? feeOf(amountIn, feeBps) : 0n
  const pairAmountIn = amountIn - sellFee
  let pairAmountOut = 0n
  let priceImpactBps = 0
  if (pairAmountIn > 0n && reserveIn > 0n && reserveOut > 0n) {
    const inWithFee = pairAmountIn * (BPS - BigInt(pairFeeBps))
    pairAmountOut = (inWithFee * reserveOut) / (reserveIn * BPS + inWithFee)
    const ideal = (pairAmountIn * reserveOut) / reserveIn
    if (ideal > pairAmountOut) priceImpactBps = Number(((ideal - pairAmountOut) * BPS) / ideal)
  }
  const buyFee = side === 'buy' ? feeOf(pairAmountOut, feeBps) : 0n
  const amountOut = pairAmountOut - buyFee
  const minimumOut = (amountOut * (BPS - BigInt(slippageBps))) / BPS
  return { pairAmountIn, pairAmountOut, fee: sellFee + buyFee, amountOut, minimumOut, priceImpactBps }
}
