/** Basis points: 10,000 = 100 %. */
const BPS = 10_000n
const ONE = 10n ** 18n

/**
 * The BNB to send for an order worth `usdt`: at `usdtPerBnb` (getSwapBnb of 1 BNB, the TWAP) the swap may fill up
 * to `slippage` basis points below it, so the payment covers that; the contract refunds the USDT above the order
 * value. Rounded up to the wei.
 *
 * @example
 * bnbForOrder(100n * 10n ** 18n, 500n * 10n ** 18n, 300n) // 0.2062 BNB: 100 USDT at 500 USDT/BNB, 3 % slippage
 */
export function bnbForOrder(usdt: bigint, usdtPerBnb: bigint, slippage: bigint): bigint {
  if (usdt <= 0n || usdtPerBnb <= 0n || slippage >= BPS) return 0n
  const denominator = usdtPerBnb * (BPS - slippage)
  return (usdt * ONE * BPS + denominator - 1n) / denominator
}

/**
 * The NEX an order worth `usdt` counts (its `tokens`), estimated from the two TWAP views for 1 BNB: NEX per BNB
 * (getSwapTokens) over USDT per BNB (getSwapBnb).
 *
 * @example
 * tokensForUsdt(100n, 500n, 2_000n) // 400n
 */
export function tokensForUsdt(usdt: bigint, usdtPerBnb: bigint, nexPerBnb: bigint): bigint {
  if (usdtPerBnb <= 0n) return 0n
  return (usdt * nexPerBnb) / usdtPerBnb
}
