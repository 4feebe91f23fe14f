import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/**
 * The five NFT tier names by card level 1..5 (contracts/docs/contractsII.md: Key/鑰匙, Bronze/青銅, Silver/白銀,
 * Gold/黃金, Syndicate/財團); the zh-Hant catalog holds the Chinese names.
 */
export const NFT_TIERS: readonly MessageDescriptor[] = [msg`Key`, msg`Bronze`, msg`Silver`, msg`Gold`, msg`Syndicate`]

/**
 * The tier name of a card level, or undefined for a level outside 1..5.
 *
 * @example
 * tierOf(5n) // msg`Syndicate`
 */
export function tierOf(level: bigint | number): MessageDescriptor | undefined {
  const n = Number(level)
  return Number.isInteger(n) && n >= 1 && n <= NFT_TIERS.length ? NFT_TIERS[n - 1] : undefined
}
