import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/** The symbols the contracts write to the Log. */
export const LOG_SYMBOLS = ['USDT', 'NEX', 'BNB'] as const

/**
 * The actions the contracts write to the Log (Burn and Ido `claim`, Stake, Mining, Fomo and Double), with their names
 * for people; an unknown action shows as written.
 */
export const LOG_ACTIONS: Record<string, MessageDescriptor> = {
  register: msg`Registration`,
  claim: msg`Dividend claim`,
  stake_claim: msg`Staking claim`,
  mining_reward: msg`Mining reward`,
  mining_release: msg`Mining release`,
  fomo_reward: msg`FOM reward`,
  fomo_prize: msg`FOM prize`,
  fomo_release: msg`FOM release`,
  double_claim: msg`Doubling claim`,
}
