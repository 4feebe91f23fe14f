import { getAddress, isAddress } from 'viem'

/** Basis points: 10,000 = 100 %. */
const BPS = 10_000n

/**
 * The most an order of `amount` can receive: `rewardRate` basis points of it (15,000 = 1.5x).
 *
 * @example
 * orderCap(100n, 15_000n) // 150n
 */
export function orderCap(amount: bigint, rewardRate: bigint): bigint {
  return (amount * rewardRate) / BPS
}

/**
 * A share as a percentage with one decimal, floored and kept within 0..100 (a progress bar's width).
 *
 * @example
 * percentOf(1n, 3n) // 33.3
 */
export function percentOf(part: bigint, whole: bigint): number {
  if (whole <= 0n || part <= 0n) return 0
  if (part >= whole) return 100
  return Number((part * 1_000n) / whole) / 10
}

/**
 * A time span as whole days, hours and minutes left (for an order's time to forced redemption), 0 once passed.
 *
 * @example
 * splitSpan(90_061) // { days: 1, hours: 1, minutes: 1 }
 */
export function splitSpan(seconds: number): { days: number; hours: number; minutes: number } {
  const s = Math.max(0, Math.floor(seconds))
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
  }
}

/**
 * An address (checksummed when valid: the indexer gives lowercase ones) shortened to its first 6 and last 5
 * characters (SPEC.md §9, list helpers).
 *
 * @example
 * shortAccount('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // '0x7099..c79C8'
 */
export function shortAccount(address: string): string {
  const shown = isAddress(address, { strict: false }) ? getAddress(address) : address
  return shown.length <= 13 ? shown : `${shown.slice(0, 6)}..${shown.slice(-5)}`
}

/**
 * The team level the next threshold names and what is missing to it: `teamAmounts` are the V1..V5 thresholds on
 * the volume outside the largest leg (`teamMin`); undefined at the top level.
 *
 * @example
 * nextLevel(0n, 4_000n, [10_000n, 50_000n]) // { level: 1, threshold: 10_000n, missing: 6_000n }
 */
export function nextLevel(
  level: bigint,
  teamMin: bigint,
  teamAmounts: readonly bigint[],
): { level: number; threshold: bigint; missing: bigint } | undefined {
  const next = Number(level) + 1
  const threshold = teamAmounts[next - 1]
  if (threshold === undefined) return undefined
  return { level: next, threshold, missing: threshold > teamMin ? threshold - teamMin : 0n }
}

/**
 * The power a synthesis changes: `keys` key cards (power `keyPower` each) become one syndicate card (power
 * `cardPower`).
 *
 * @example
 * synthesisPowerChange(15n, 1n, 20n) // 5n
 */
export function synthesisPowerChange(keys: bigint, keyPower: bigint, cardPower: bigint): bigint {
  return cardPower - keys * keyPower
}
