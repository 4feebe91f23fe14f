/** Basis points: 10,000 = 100 %. */
const BPS = 10_000n
const ONE = 10n ** 18n

/**
 * The BNB to send for a payment worth `usdt` that a contract swaps to USDT (Burn's and Ido's BNB payments): at
 * `usdtPerBnb` (the TWAP of 1 BNB) the swap may fill up to `slippageBps` below it, so the payment covers that; the
 * contract refunds the USDT above the price. Rounded up to the wei; 0 without a price, an amount, or with a
 * slippage of 100 % or more.
 *
 * @example
 * bnbForUsdt(100n * 10n ** 18n, 500n * 10n ** 18n, 300n) // 0.2062 BNB: 100 USDT at 500 USDT/BNB, 3 % slippage
 */
export function bnbForUsdt(usdt: bigint, usdtPerBnb: bigint, slippageBps: bigint): bigint {
  if (usdt <= 0n || usdtPerBnb <= 0n || slippageBps >= BPS || slippageBps < 0n) return 0n
  const denominator = usdtPerBnb * (BPS - slippageBps)
  return (usdt * ONE * BPS + denominator - 1n) / denominator
}
