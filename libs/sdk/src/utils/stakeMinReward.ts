/** Basis points: 10,000 = 100 %. */
const BPS = 10_000n
const ONE = 10n ** 18n

/**
 * The `minRewardTokens` to pass to `Stake.deposit(amount, minRewardTokens)`: the NEX reward a deposit of `amount`
 * USDT earns on the terms the user saw (the round's `idoRate` from `getIdos()`, `tokensPerUsdt` = `getPrice(1e18)`),
 * less `toleranceBps` for the TWAP moving before the deposit is mined. If the round's terms or the price change
 * for the worse after that, the deposit reverts (`StakeRewardBelowMinimum`) instead of paying USDT for less.
 * 0 (no minimum) without an amount or a price, or with a tolerance of 100 % or more.
 *
 * @example
 * stakeMinReward(1_000n * 10n ** 18n, 15_000n, 10n * 10n ** 18n, 100n) // 14,850 NEX: 1,500 USDT of reward at 0.1 USDT/NEX, less 1 %
 */
export function stakeMinReward(amount: bigint, idoRate: bigint, tokensPerUsdt: bigint, toleranceBps = 100n): bigint {
  if (amount <= 0n || idoRate <= 0n || tokensPerUsdt <= 0n || toleranceBps < 0n || toleranceBps >= BPS) return 0n
  const rewardMax = (amount * idoRate) / BPS
  const expected = (rewardMax * tokensPerUsdt) / ONE
  return (expected * (BPS - toleranceBps)) / BPS
}
