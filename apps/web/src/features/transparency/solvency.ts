/**
 * What a contract holding users' funds holds against what it owes them now.
 *
 * Every such contract keeps a running total of what users can still claim (`_claimable`) and exposes the part
 * above it as `excessOf(token)` (the only part the owner can withdraw). So when the excess is positive, what it
 * owes is exactly `holds - excess`. When the excess is zero, the contract owes at least what it holds; a
 * contract that also reports what it owes now (`reported`, e.g. Burn's reserves) tells how far short it is.
 */
export type Solvency = {
  holds: bigint
  owed: bigint
  /** Whether `owed` is only a lower bound (no excess, nothing reported). */
  owedAtLeast: boolean
  /** What the contract holds beyond what it owes (withdrawable by the owner). */
  surplus: bigint
  /** What it owes beyond what it holds. */
  shortfall: bigint
  /** Holdings against debts in basis points (10000 = exactly covered), undefined when it owes nothing. */
  coverageBps: bigint | undefined
  status: 'covered' | 'exact' | 'short'
}

/**
 * @example
 * solvency(1_000n, 200n) // { owed: 800n, surplus: 200n, status: 'covered', coverageBps: 12500n, … }
 * solvency(1_000n, 0n, 1_500n) // { owed: 1_500n, shortfall: 500n, status: 'short', … }
 */
export function solvency(holds: bigint, excess: bigint, reported?: bigint): Solvency {
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
    status: shortfall > 0n ? 'short' : surplus > 0n ? 'covered' : 'exact',
  }
}
