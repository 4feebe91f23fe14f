import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { logActions, logCodeOf } from '@nexus/sdk'

/** The symbols of the reward balances the Log keeps (the assets view). */
export const LOG_SYMBOLS = ['USDT', 'NEX', 'BNB'] as const

/** The Log's codes of {@link LOG_SYMBOLS}, in that order (the Log's views take codes). */
export const LOG_SYMBOL_CODES: readonly number[] = LOG_SYMBOLS.map((symbol) => {
  const code = logCodeOf('symbol', symbol)
  if (code === undefined) throw new Error(`the Log has no symbol ${symbol}`)
  return code
})

/** The symbols the contracts write action-log entries in (the filter), from the SDK's list. */
export const LOG_ENTRY_SYMBOLS: readonly string[] = [...new Set(logActions.map((entry) => entry.symbol))]

/** The actions the contracts write (the filter), once each, in the SDK's order. */
export const LOG_FILTER_ACTIONS: readonly string[] = [...new Set(logActions.map((entry) => entry.action))]

/** Names for people, by `action:symbol` where one action is written in two symbols, else by action. */
const NAMES: Record<string, MessageDescriptor> = {
  'claim:USDT': msg`Dividend claim`,
  'claim:NEX': msg`Minting claim (vested NEX)`,
  claim: msg`Dividend or minting claim`,
  stake_deposit: msg`Staking deposit`,
  stake_claim: msg`Staking claim`,
  mining_reward: msg`Mining reward`,
  mining_release: msg`Mining release`,
  fomo_reward: msg`FOM reward`,
  fomo_prize: msg`FOM prize`,
  fomo_release: msg`FOM release`,
  double_claim: msg`Doubling claim`,
  ido_mint: msg`Minting purchase`,
  synthesize: msg`Synthesis (keys to a card)`,
  double_deposit: msg`Doubling deposit`,
  mining_deposit: msg`Mining deposit`,
  burn: msg`Burn order`,
  fomo_burn: msg`FOM order`,
  register: msg`Registration (referrer bound)`,
  nft_claim: msg`NFT dividend claim`,
  burn_direct: msg`Burn direct referral reward`,
  burn_indirect: msg`Burn indirect referral reward`,
  burn_team: msg`Burn team reward`,
  fomo_direct: msg`FOM direct referral reward`,
  fomo_indirect: msg`FOM indirect referral reward`,
  fomo_team: msg`FOM team reward`,
  stake_direct: msg`Staking direct referral reward`,
  stake_indirect: msg`Staking indirect referral reward`,
  ido_direct: msg`Minting direct referral reward`,
  ido_indirect: msg`Minting indirect referral reward`,
}

/**
 * The name of an action (of an entry in `symbol`, or of the filter without one); undefined for an action the SDK's
 * list does not know, which then shows as written.
 */
export function actionName(action: string, symbol?: string): MessageDescriptor | undefined {
  return (symbol !== undefined ? NAMES[`${action}:${symbol}`] : undefined) ?? NAMES[action]
}

/** Whether an entry is money the account paid: from the SDK's list, else the entry's own `isReduce`. */
export function isOutflow(action: string, symbol: string, isReduce: boolean): boolean {
  const known = logActions.find((entry) => entry.action === action && entry.symbol === symbol)
  return known ? known.flow === 'out' : isReduce
}

/**
 * What an entry's second figure (the Log's `balance`, which each contract writes as its own running total) means,
 * in the user's terms and with its unit, by `action:symbol` or action; entries without one (claims, rewards,
 * credits, a registration) have none, and their rows show no such line.
 */
const BALANCES: Record<string, { label: MessageDescriptor; unit: MessageDescriptor }> = {
  burn: { label: msg`Your burn orders in total, after this`, unit: msg`USDT` },
  double_deposit: { label: msg`Your doubling deposits in total, after this`, unit: msg`USDT` },
  double_claim: { label: msg`Your doubling deposits in total, after this`, unit: msg`USDT` },
  'claim:NEX': { label: msg`Minted NEX still to claim, after this`, unit: msg`NEX` },
  ido_mint: { label: msg`Minted NEX still to claim, after this`, unit: msg`NEX` },
  mining_deposit: { label: msg`Your NEX staked in mining, after this`, unit: msg`NEX` },
  mining_release: { label: msg`Your NEX staked in mining, after this`, unit: msg`NEX` },
  stake_deposit: { label: msg`Your stakes in total, after this`, unit: msg`USDT` },
  fomo_burn: { label: msg`Your FOM orders in total, after this`, unit: msg`USDT` },
  fomo_release: { label: msg`Your FOM orders in total, after this`, unit: msg`USDT` },
  synthesize: { label: msg`Keys left, after this`, unit: msg`keys` },
}

/** What an entry's `balance` figure is (label and unit), or undefined for an entry whose figure means nothing. */
export function balanceMeaning(
  action: string,
  symbol: string,
): { label: MessageDescriptor; unit: MessageDescriptor } | undefined {
  return BALANCES[`${action}:${symbol}`] ?? BALANCES[action]
}
