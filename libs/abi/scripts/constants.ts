// Reads the numeric constants of the contracts and their libraries (`uint… [public|internal|private] constant NAME =
// expression;` in contracts/contracts/**/*.sol) and evaluates them as Solidity does: number literals with `_`,
// scientific notation and units (`7 days`, `0.01 ether`), references to another constant of the same file or of a
// library (`FeeMath.BPS`), type conversions (`uint32(…)`), + - * / % ** << >> and parentheses. The generator writes
// them to src/generated/constants.ts, so that what the apps check (e.g. the admin forms' bounds) comes from the
// contracts' own constants and follows every change of them.
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'

const UNITS: Record<string, bigint> = {
  wei: 1n,
  gwei: 10n ** 9n,
  ether: 10n ** 18n,
  seconds: 1n,
  minutes: 60n,
  hours: 3_600n,
  days: 86_400n,
  weeks: 604_800n,
}

/**
 * The constants of each contract or library: name → expression text, as declared; `bases` the contracts each one
 * inherits from (`contract X is A, B`), whose constants it has too.
 */
export type ConstantSources = Map<string, Map<string, string>> & { bases?: Map<string, string[]> }

/**
 * The numeric constants declared in Solidity `source`, per contract or library (`contract|library|abstract contract
 * X {`), as unevaluated expressions. Constants of other types (address, bytes32) are left out.
 */
export function declaredConstants(source: string, into: ConstantSources = new Map()): ConstantSources {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
  const owners = [...code.matchAll(/\b(?:contract|library|interface)\s+([A-Za-z_]\w*)([^{;]*)\{/g)].map((match) => ({
    name: match[1] as string,
    at: match.index,
  }))
  into.bases ??= new Map()
  for (const match of code.matchAll(/\b(?:contract|interface)\s+([A-Za-z_]\w*)\s+is\s+([^{;]*)\{/g)) {
    const bases = (match[2] as string).split(',').map((base) => base.trim().split(/[\s(]/)[0] as string)
    into.bases.set(match[1] as string, bases.filter(Boolean))
  }
  for (const match of code.matchAll(
    /\b(u?int\d*)\s+(?:(?:public|internal|private)\s+)?constant\s+([A-Za-z_]\w*)\s*=\s*([^;]+);/g,
  )) {
    const owner = owners.filter((candidate) => candidate.at < match.index).at(-1)
    if (!owner) continue
    const constants = into.get(owner.name) ?? new Map<string, string>()
    constants.set(match[2] as string, (match[3] as string).trim())
    into.set(owner.name, constants)
  }
  return into
}

export type EvaluatedConstants = {
  values: Record<string, Record<string, bigint>>
  /** `Owner.NAME: why` of the constants whose expression is not plain arithmetic (e.g. `type(uint256).max`). */
  skipped: string[]
}

/** Evaluates every constant of `sources`; one whose expression is not plain arithmetic is left out (`skipped`). */
export function evaluateConstants(sources: ConstantSources): EvaluatedConstants {
  const values = new Map<string, bigint>()
  const evaluating = new Set<string>()
  // The contract that declares `name` for `owner`: itself, else the nearest base that does (depth first).
  const declaring = (owner: string, name: string, seen = new Set<string>()): string | undefined => {
    if (seen.has(owner)) return undefined
    seen.add(owner)
    if (sources.get(owner)?.has(name)) return owner
    for (const base of sources.bases?.get(owner) ?? []) {
      const found = declaring(base, name, seen)
      if (found) return found
    }
    return undefined
  }
  const valueOf = (start: string, name: string): bigint => {
    const owner = declaring(start, name) ?? start
    const key = `${owner}.${name}`
    const known = values.get(key)
    if (known !== undefined) return known
    const expression = sources.get(owner)?.get(name)
    if (expression === undefined) throw new Error(`${start}.${name} is not a numeric constant`)
    if (evaluating.has(key)) throw new Error(`${key} refers to itself`)
    evaluating.add(key)
    const value = evaluate(expression, (reference) => {
      const [first, second] = reference.split('.')
      return second === undefined ? valueOf(owner, first as string) : valueOf(first as string, second)
    })
    evaluating.delete(key)
    values.set(key, value)
    return value
  }
  const result: Record<string, Record<string, bigint>> = {}
  const skipped: string[] = []
  // Every contract's own and inherited constants (as its ABI lists the public ones); a failure is reported once,
  // for the contract that declares the constant.
  const inherited = (owner: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(owner)) return new Set()
    seen.add(owner)
    const names = new Set(sources.get(owner)?.keys() ?? [])
    for (const base of sources.bases?.get(owner) ?? []) for (const name of inherited(base, seen)) names.add(name)
    return names
  }
  const owners = new Set([...sources.keys(), ...(sources.bases?.keys() ?? [])])
  for (const owner of [...owners].sort()) {
    const entries: Record<string, bigint> = {}
    for (const name of [...inherited(owner)].sort()) {
      try {
        entries[name] = valueOf(owner, name)
      } catch (error) {
        evaluating.clear()
        const message = `${declaring(owner, name) ?? owner}.${name}: ${(error as Error).message.replace(/\s+/g, ' ')}`
        if (!skipped.includes(message)) skipped.push(message)
      }
    }
    if (Object.keys(entries).length > 0) result[owner] = entries
  }
  return { values: result, skipped }
}

/** Evaluates one constant expression; `lookup` resolves `NAME` or `Library.NAME`. */
export function evaluate(expression: string, lookup: (reference: string) => bigint): bigint {
  const tokens = expression.match(/\d[\d_]*(?:\.\d[\d_]*)?(?:e\d+)?|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?|\*\*|<<|>>|\S/g)
  if (!tokens) throw new Error(`empty constant expression`)
  let at = 0
  const fail = (why: string): never => {
    throw new Error(`cannot evaluate \`${expression}\`: ${why}`)
  }
  const peek = () => tokens[at]
  const next = () => tokens[at++] ?? fail('it ends early')
  const binary = (levels: readonly (readonly string[])[], level: number): bigint => {
    const operators = levels[level]
    if (!operators) return power()
    let left = binary(levels, level + 1)
    while (operators.includes(peek() ?? '')) {
      const operator = next()
      const right = binary(levels, level + 1)
      if (operator === '+') left += right
      else if (operator === '-') left -= right
      else if (operator === '*') left *= right
      else if (operator === '/') left /= right
      else if (operator === '%') left %= right
      else if (operator === '<<') left <<= right
      else if (operator === '>>') left >>= right
      else if (operator === '&') left &= right
      else if (operator === '^') left ^= right
      else left |= right
    }
    return left
  }
  // Solidity's precedence: ** above * / %, above + -, above << >>, above &, ^, |.
  const power = (): bigint => {
    const base = unary()
    if (peek() !== '**') return base
    next()
    return base ** power()
  }
  const unary = (): bigint => {
    if (peek() === '-') {
      next()
      return -unary()
    }
    return primary()
  }
  const primary = (): bigint => {
    const token = next()
    if (token === '(') {
      const value = binary(LEVELS, 0)
      if (next() !== ')') fail('a parenthesis is not closed')
      return value
    }
    if (/^\d/.test(token)) {
      const unit = UNITS[peek() ?? '']
      if (unit !== undefined) next()
      return literal(token, unit ?? 1n, fail)
    }
    if (/^u?int\d*$/.test(token) && peek() === '(') return primary()
    return lookup(token)
  }
  const value = binary(LEVELS, 0)
  if (at !== tokens.length) fail(`unexpected \`${tokens[at]}\``)
  return value
}

const LEVELS = [['|'], ['^'], ['&'], ['<<', '>>'], ['+', '-'], ['*', '/', '%']] as const

function literal(text: string, unit: bigint, fail: (why: string) => never): bigint {
  const [mantissa = '', exponent = '0'] = text.replaceAll('_', '').split('e')
  const [whole = '', fraction = ''] = mantissa.split('.')
  const scale = 10n ** BigInt(fraction.length)
  const numerator = BigInt(whole + fraction) * 10n ** BigInt(exponent) * unit
  if (numerator % scale !== 0n) fail(`${text} is not a whole number`)
  return numerator / scale
}

/** Every numeric constant of the contracts under `dir` (contracts/contracts, without test and local contracts). */
export function readContractConstants(dir: string): EvaluatedConstants {
  const sources: ConstantSources = new Map()
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'test') walk(path)
      } else if (entry.name.endsWith('.sol') && basename(folder) !== 'local') {
        declaredConstants(readFileSync(path, 'utf8'), sources)
      }
    }
  }
  walk(dir)
  return evaluateConstants(sources)
}
