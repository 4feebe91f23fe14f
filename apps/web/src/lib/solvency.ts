/**
 * What a contract holding users' funds holds against what it owes them now.
 *
 * Every such contract keeps a running total of what users can still claim (`_claimable`) and exposes the part
 * above it as `excessOf(token)` (the only part the owner can withdraw). So when the excess is positive, what it
 * owes is exactly `holds - excess`. When the excess is zero, the contract owes at least what it holds; a
 * contract that also reports what it owes now (`reported`, e.g. Burn's reserves) tells how far short it is.
 *
 * A contract that by design pays part of what it owes only from later inflows (`fromLaterInflows`: Double, whose
 * records release twice their amount, the doubled half out of later deposits, each claim capped at what the pool
 * holds) owes more than it holds as a matter of course: that is status `deferred`, not `short`.
 */
export type Solvency = {
  holds: bigint
  owed: bigint
  /** Whether `owed` is only a lower bound (no excess, nothing reported). */
  owedAtLeast: boolean
  /** What the contract holds beyond what it owes (withdrawable by the owner). */
  surplus: bigint
  /** What it owes beyond what it holds (for a `deferred` contract: what later inflows are to pay). */
  shortfall: bigint
  /** Holdings against debts in basis points (10000 = exactly covered), undefined when it owes nothing. */
  coverageBps: bigint | undefined
  /**
   * covered: holds more than it owes; exact: holds what it owes; short: owes more than it holds; deferred: owes more
   * than it holds by design, the rest paid from later inflows.
   */
  status: 'covered' | 'exact' | 'short' | 'deferred'
}

/**
 * @example
 * solvency(1_000n, 200n) // { owed: 800n, surplus: 200n, status: 'covered', coverageBps: 12500n, … }
 * solvency(1_000n, 0n, 1_500n) // { owed: 1_500n, shortfall: 500n, status: 'short', … }
 * solvency(1_000n, 0n, 1_500n, { fromLaterInflows: true }) // { shortfall: 500n, status: 'deferred', … }
 */
export function solvency(
  holds: bigint,
  excess: bigint,
  reported?: bigint,
  { fromLaterInflows = false }: { fromLaterInflows?: boolean } = {},
): Solvency {
  let owed: bigint
  let owedAtLeast = false
  if (excess > 0n) owed = holds > excess ? holds - excess : 0n
  else if (reported !== undefined) owed = reported > holds ? reported : holds
  else {
    owed = holds
    owedAtLeast = holds > 0n
  }
  const surplus = holds > owed ? holds - owed : 0n
  const shortfall = owed > holds ? owed - holds : 0n
  return {
    holds,
    owed,
    owedAtLeast,
    surplus,
    shortfall,
    coverageBps: owed === 0n ? undefined : (holds * 10_000n) / owed,
    status: shortfall > 0n ? (fromLaterInflows ? 'deferred' : 'short') : surplus > 0n ? 'covered' : 'exact',
  }
}
