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
