import { logActionCodes, logSymbolCodes, logWrites } from '@nexus/abi'

/** One kind of entry the contracts write to the Log contract's action log. */
export type LogAction = {
  /** The action's name (LogCodes.sol's `ACTION_<NAME>` in lower case). */
  action: string
  /** The action's code, as the Log stores it and `LogAdded` carries it. */
  code: number
  /** The symbol it is written with. */
  symbol: string
  /** The contract that writes it. */
  contract: string
  /** `in`: the account received the amount; `out`: the account paid it. */
  flow: 'in' | 'out'
}

/**
 * Every action the contracts write to the action log, with its symbol, writer and direction: the one list the
 * indexer, the legacy API and the web's filters and labels use. Generated at build time from the contracts
 * (`@nexus/abi`'s `logActionCodes`/`logWrites`: LogCodes.sol and the contracts' `LogCodes.write` calls), so it lists
 * exactly what is written. An action written in two symbols (e.g. `claim`: Burn's dividend in USDT, Ido's vested
 * NEX) appears once per symbol; Fomo and SuperFomo (one contract, two deployments) both write the Fomo actions.
 *
 * @example
 * logActions.filter((entry) => entry.contract === 'Mining').map((entry) => entry.action) // ['mining_release', 'mining_reward']
 */
export const logActions: readonly LogAction[] = logWrites.map(({ contract, action, symbol }) => {
  const known = logActionCodes.find((entry) => entry.name === action)
  if (!known) throw new Error(`@nexus/abi's logWrites names unknown action ${action}`)
  return { action, code: known.code, symbol, contract, flow: known.isReduce ? 'out' : 'in' }
})

/** The action log's symbols: code and name (LogCodes.sol's `SYMBOL_<NAME>`). */
export const logSymbols: readonly { code: number; name: string }[] = logSymbolCodes

/** The name of a symbol code (the code itself, as text, for a code this build does not know). */
export function logSymbolName(code: number): string {
  return logSymbolCodes.find((entry) => entry.code === code)?.name ?? String(code)
}

/** The name of an action code (the code itself, as text, for a code this build does not know). */
export function logActionName(code: number): string {
  return logActionCodes.find((entry) => entry.code === code)?.name ?? String(code)
}

/** The code of a symbol or an action by name, or undefined for a name no contract writes. */
export function logCodeOf(kind: 'symbol' | 'action', name: string): number | undefined {
  return (kind === 'symbol' ? logSymbolCodes : logActionCodes).find((entry) => entry.name === name)?.code
}
