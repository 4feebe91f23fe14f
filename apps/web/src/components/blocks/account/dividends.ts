/**
 * Burn's dividend figures, defined once for every screen that shows them (`/burn` and `/orders`), the way
 * `Burn.sol` computes them:
 * - an order's dividends so far are what was credited to it (`order.reward`) plus, while it is valid, what it has
 *   accrued since (`pendingReward(index)`);
 * - a claim (`claimReward`) first settles the user's orders from `lastOut`, at most `handleGas` positions of them,
 *   into `balance`, then pays `balance` less `bps(balance, feeRate)`.
 */

/** Basis points: 10,000 = 100 %. */
const BPS = 10_000n

/** An order as the figures need it: `Burn.orders(index)` with `pendingReward(index)`. */
export interface BurnOrderState {
  readonly amount: bigint
  readonly reward: bigint
  readonly isValid: boolean
  /** `pendingReward(index)`: what the order has accrued and not yet been credited (0 for an order that is out). */
  readonly pending: bigint
}

/**
 * An order's dividends so far: credited plus accrued while valid (an order that is out accrues nothing).
 *
 * @example
 * orderEarned({ amount: 100n, reward: 10n, isValid: true, pending: 2n }) // 12n
 */
export function orderEarned(order: Omit<BurnOrderState, 'amount'>): bigint {
  return order.reward + (order.isValid ? order.pending : 0n)
}

/**
 * The positions of the user's orders (`userOrderIndex(account, position)`) that the next claim settles: from
 * `lastOut`, at most `handleGas` of them, as `Burn._settleUser` walks them. `more` is true when orders beyond them
 * wait for a later claim.
 *
 * @example
 * claimWindow(2n, 5n, 50n) // { positions: [2n, 3n, 4n], more: false }
 */
export function claimWindow(
  lastOut: bigint,
  count: bigint,
  handleGas: bigint,
): { positions: readonly bigint[]; more: boolean } {
  const end = lastOut + handleGas < count ? lastOut + handleGas : count
  const positions: bigint[] = []
  for (let i = lastOut; i < end; i++) positions.push(i)
  return { positions, more: end < count }
}

/**
 * The user's dividend figures from its record (`Burn.users`) and the orders of its claim window:
 * - `force`: the amount of those orders that are still valid (they share the pool);
 * - `claimable`: what the next claim settles and takes out (`balance` plus the window's accrued dividends);
 * - `fee` and `claimPays`: the claim fee (`feeRate` basis points, rounded down like `FeeMath.bps`) and what
 *   reaches the wallet;
 * - `orderDividends`: every order's dividends so far (`total` credited plus the window's accrued), the sum of
 *   {@link orderEarned} over the user's orders (exact while no order outside the window is valid).
 *
 * @example
 * burnDividends({ balance: 30n, total: 40n }, [{ amount: 100n, reward: 40n, isValid: true, pending: 2n }], 500n)
 * // { force: 100n, accrued: 2n, claimable: 32n, fee: 1n, claimPays: 31n, orderDividends: 42n }
 */
export function burnDividends(
  user: { readonly balance: bigint; readonly total: bigint },
  window: readonly BurnOrderState[],
  feeRate: bigint,
): { force: bigint; accrued: bigint; claimable: bigint; fee: bigint; claimPays: bigint; orderDividends: bigint } {
  let force = 0n
  let accrued = 0n
  for (const order of window) {
    if (!order.isValid) continue
    force += order.amount
    accrued += order.pending
  }
  const claimable = user.balance + accrued
  const fee = (claimable * feeRate) / BPS
  return { force, accrued, claimable, fee, claimPays: claimable - fee, orderDividends: user.total + accrued }
}
