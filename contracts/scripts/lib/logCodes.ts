// Reads the action log's list of symbols and actions from its one home, contracts/libraries/LogCodes.sol, and which
// contract writes which action in which symbol from the contracts' `LogCodes.write(...)` calls. libs/abi's generator
// turns this into `logSymbols`/`logActions` for TypeScript; the contracts' tests use it for the codes.
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'

const contractsDir = join(import.meta.dirname, '..', '..', 'contracts')
const codesFile = join(contractsDir, 'libraries', 'LogCodes.sol')

/** A symbol of the action log: its code and its name. */
export type LogSymbolCode = { code: number; name: string }
/**
 * An action of the action log, and whether its amount is paid by the account, counts as a reward, or is a referral
 * or team reward credited by someone else's action (written in batches through `LogCodes.writeCredits`).
 */
export type LogActionCode = { code: number; name: string; isReduce: boolean; isReward: boolean; isCredit: boolean }
/** One action a contract writes, in one symbol. */
export type LogWrite = { contract: string; action: string; symbol: string }

/** The symbols and actions of LogCodes.sol (`source`: that file's text), in code order. */
export function parseLogCodes(source: string): { symbols: LogSymbolCode[]; actions: LogActionCode[] } {
  const constants = new Map<string, number>()
  for (const match of source.matchAll(/uint8 internal constant ((?:SYMBOL|ACTION)_[A-Z0-9_]+) = (\d+);/g))
    constants.set(match[1] as string, Number(match[2]))
  const mask = (name: string): Set<string> => {
    const body = new RegExp(`uint256 internal constant ${name} =([^;]*);`).exec(source)?.[1]
    if (body === undefined) throw new Error(`LogCodes.sol has no ${name} mask`)
    const members = new Set([...body.matchAll(/1 << (ACTION_[A-Z0-9_]+)/g)].map((m) => m[1] as string))
    for (const member of members) if (!constants.has(member)) throw new Error(`${name} names unknown ${member}`)
    return members
  }
  const reduce = mask('REDUCE')
  const reward = mask('REWARD')
  const credit = mask('CREDIT')
  const symbols: LogSymbolCode[] = []
  const actions: LogActionCode[] = []
  for (const [constant, code] of constants) {
    if (constant.startsWith('SYMBOL_')) symbols.push({ code, name: constant.slice('SYMBOL_'.length) })
    else
      actions.push({
        code,
        name: constant.slice('ACTION_'.length).toLowerCase(),
        isReduce: reduce.has(constant),
        isReward: reward.has(constant),
        isCredit: credit.has(constant),
      })
  }
  for (const list of [symbols, actions]) {
    list.sort((a, b) => a.code - b.code)
    list.forEach((entry, i) => {
      if (entry.code !== i + 1)
        throw new Error(`LogCodes.sol: codes must run 1, 2, 3...; ${entry.name} is ${entry.code}`)
    })
  }
  const max = (name: string) => Number(new RegExp(`uint8 internal constant ${name} = (\\d+);`).exec(source)?.[1])
  if (max('MAX_SYMBOL') !== symbols.length || max('MAX_ACTION') !== actions.length)
    throw new Error('LogCodes.sol: MAX_SYMBOL/MAX_ACTION must be the highest codes')
  if (symbols.length > 15 || actions.length > 63)
    throw new Error('LogCodes.sol: the Log keeps a symbol in 4 bits and an action in 6 (at most 15 and 63)')
  return { symbols, actions }
}

/** LogCodes.sol's symbols and actions. */
export function readLogCodes() {
  return parseLogCodes(readFileSync(codesFile, 'utf8'))
}

function solidityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return ['test', 'local'].includes(entry.name) ? [] : solidityFiles(path)
    return entry.name.endsWith('.sol') ? [path] : []
  })
}

/**
 * Every (contract, action, symbol) the contracts write through `LogCodes.write(...)`: each call's `ACTION_*` and
 * `SYMBOL_*` names (a call choosing between two, e.g. `isUSDT ? SYMBOL_USDT : SYMBOL_BNB`, writes each). Credits
 * (`LogCodes.writeCredits(log, from, SYMBOL_*, batch)`): every credit action (LogCodes.sol's `CREDIT`) the file names,
 * in each symbol of its `writeCredits` calls. `LogCodes.writeWithCredits(log, account, symbol, action, amount,
 * balance, creditSymbol, batch)` is both: an entry (its symbol and action arguments) and credits (its credit symbol
 * argument). A library `<Name>Lib` writes for `<Name>`.
 */
export function readLogWrites(dir = contractsDir): LogWrite[] {
  const writes = new Map<string, LogWrite>()
  const creditActions = new Set(
    readLogCodes()
      .actions.filter((action) => action.isCredit)
      .map((action) => action.name),
  )
  for (const file of solidityFiles(dir)) {
    const contract = basename(file, '.sol').replace(/Lib$/, '')
    const source = readFileSync(file, 'utf8')
    // an entry with its credits (`LogCodes.writeWithCredits(log, account, symbol, action, amount, balance,
    // creditSymbol, batch)`): its symbol and action arguments are an entry's, its credit symbol argument a batch's
    const combined = [...source.matchAll(/LogCodes\.writeWithCredits\(([^;]*?)\);/g)].map((call) => {
      const args = topLevelArguments(call[1] ?? '')
      if (args.length !== 8) throw new Error(`${file}: LogCodes.writeWithCredits takes 8 arguments`)
      return args
    })
    const creditSymbols = [
      ...[...source.matchAll(/LogCodes\.writeCredits\(([^;]*?)\);/g)].map((call) => call[1] ?? ''),
      ...combined.map((args) => args[6] as string),
    ].flatMap((args) => [...args.matchAll(/LogCodes\.SYMBOL_([A-Z0-9_]+)/g)].map((m) => m[1] as string))
    if (creditSymbols.length > 0) {
      const actions = [...source.matchAll(/LogCodes\.ACTION_([A-Z0-9_]+)/g)]
        .map((m) => (m[1] as string).toLowerCase())
        .filter((action) => creditActions.has(action))
      if (actions.length === 0) throw new Error(`${file}: writes credits but names no credit action`)
      for (const action of actions)
        for (const symbol of creditSymbols) writes.set(`${contract}:${action}:${symbol}`, { contract, action, symbol })
    }
    const entries = [
      ...[...source.matchAll(/LogCodes\.write\(([^;]*?)\);/g)].map((call) => call[1] ?? ''),
      ...combined.map((args) => `${args[2]}, ${args[3]}`),
    ]
    for (const args of entries) {
      const actions = [...args.matchAll(/LogCodes\.ACTION_([A-Z0-9_]+)/g)].map((m) => (m[1] as string).toLowerCase())
      const symbols = [...args.matchAll(/LogCodes\.SYMBOL_([A-Z0-9_]+)/g)].map((m) => m[1] as string)
      if (actions.length === 0 || symbols.length === 0)
        throw new Error(`${file}: a LogCodes.write(WithCredits) call names no LogCodes.ACTION_* or SYMBOL_* constant`)
      for (const action of actions)
        for (const symbol of symbols) writes.set(`${contract}:${action}:${symbol}`, { contract, action, symbol })
    }
  }
  return [...writes.values()].sort(
    (a, b) =>
      a.contract.localeCompare(b.contract) || a.action.localeCompare(b.action) || a.symbol.localeCompare(b.symbol),
  )
}

/** A call's arguments (the text between its parentheses), split at the commas outside nested parentheses. */
function topLevelArguments(text: string): string[] {
  const args: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; ++i) {
    const c = text[i]
    if (c === '(' || c === '[') ++depth
    else if (c === ')' || c === ']') --depth
    else if (c === ',' && depth === 0) {
      args.push(text.slice(start, i).trim())
      start = i + 1
    }
  }
  args.push(text.slice(start).trim())
  return args
}

/** The code of a symbol or an action by name (throws for a name LogCodes.sol does not list). */
export function logCode(kind: 'symbol' | 'action', name: string): number {
  const { symbols, actions } = readLogCodes()
  const found = (kind === 'symbol' ? symbols : actions).find((entry) => entry.name === name)
  if (!found) throw new Error(`LogCodes.sol lists no ${kind} ${name}`)
  return found.code
}
