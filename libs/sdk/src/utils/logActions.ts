/** One kind of entry the contracts write to the Log contract's action log. */
export type LogAction = {
  /** The action as the contract writes it (the Log entry's `action`). */
  action: string
  /** The symbol it is written with. */
  symbol: 'USDT' | 'NEX'
  /** The contract that writes it. */
  contract: 'Burn' | 'Ido' | 'Stake' | 'Mining' | 'Fomo' | 'Double'
  /** `in`: the account received the amount; `out`: the account paid it. */
  flow: 'in' | 'out'
}

/**
 * Every action the contracts write to the action log (Log's `addLog`/`addReward`), with its symbol, writer and
 * direction: the one list the web's filters and labels use. `claim` is written twice: Burn's dividend claim in USDT
 * and Ido's claim of vested minting NEX. Fomo and SuperFomo (one contract, two deployments) both write the Fomo
 * actions.
 *
 * @example
 * logActions.filter((entry) => entry.contract === 'Mining').map((entry) => entry.action) // ['mining_reward', 'mining_release']
 */
export const logActions: readonly LogAction[] = [
  { action: 'claim', symbol: 'USDT', contract: 'Burn', flow: 'in' },
  { action: 'claim', symbol: 'NEX', contract: 'Ido', flow: 'in' },
  { action: 'stake_deposit', symbol: 'USDT', contract: 'Stake', flow: 'out' },
  { action: 'stake_claim', symbol: 'NEX', contract: 'Stake', flow: 'in' },
  { action: 'mining_reward', symbol: 'NEX', contract: 'Mining', flow: 'in' },
  { action: 'mining_release', symbol: 'NEX', contract: 'Mining', flow: 'in' },
  { action: 'fomo_reward', symbol: 'USDT', contract: 'Fomo', flow: 'in' },
  { action: 'fomo_prize', symbol: 'USDT', contract: 'Fomo', flow: 'in' },
  { action: 'fomo_release', symbol: 'USDT', contract: 'Fomo', flow: 'in' },
  { action: 'double_claim', symbol: 'USDT', contract: 'Double', flow: 'in' },
]
