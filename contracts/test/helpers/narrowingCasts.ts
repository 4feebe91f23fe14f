// Finds the explicit narrowing conversions of Solidity sources in the compiler's syntax tree (the `ast` of a
// build-info output, or of a `solc` standard-JSON output) and sorts each into what makes it safe. See
// contracts/README.md, "Bounds of narrowed fields", and test/NarrowingCasts.ts.

/** A node of solc's compact AST (only the fields read here). */
export type AstNode = {
  id: number
  nodeType: string
  src: string
  kind?: string
  name?: string
  operator?: string
  value?: string | null | AstNode
  constant?: boolean
  memberName?: string
  referencedDeclaration?: number
  typeDescriptions?: { typeString?: string | null }
  expression?: AstNode
  arguments?: AstNode[]
  leftExpression?: AstNode
  rightExpression?: AstNode
  subExpression?: AstNode
  body?: AstNode
  [key: string]: unknown
}

/** One narrowing conversion: where, what, and why it needs no row (`safe`) or that it does (`safe` undefined). */
export type Cast = {
  file: string
  line: number
  /** the conversion as written, whitespace removed */
  text: string
  from: string
  to: string
  /** why it is safe without a row of the table; undefined: it needs one */
  safe?: string
}

type IntType = { signed: boolean; bits: number }

function intType(typeString: string | null | undefined): IntType | undefined {
  const m = /^(u?)int(\d*)$/.exec(typeString ?? '')
  if (!m) return undefined
  return { signed: m[1] === '', bits: m[2] ? Number(m[2]) : 256 }
}

/** Whether converting a `from` value to `to` can lose information (a narrower width, or a sign it cannot hold). */
export function isNarrowing(from: IntType, to: IntType): boolean {
  if (to.bits >= 256) return false // the rule is about N < 256 (int256(uint256) is the accumulators' own business)
  if (from.signed === to.signed) return from.bits > to.bits
  if (from.signed) return true // a negative value has no unsigned image
  return from.bits >= to.bits // uintM into intN needs N > M
}

/** The text of `node` in `source` (byte offsets), whitespace removed. */
export function nodeText(source: Buffer, node: AstNode): string {
  const [start, length] = node.src.split(':').map(Number) as [number, number]
  return source
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\s+/g, '')
}

function lineOf(source: Buffer, node: AstNode): number {
  const start = Number(node.src.split(':')[0])
  return source.subarray(0, start).toString('utf8').split('\n').length
}

function bitLength(value: bigint): number {
  return value <= 0n ? 0 : value.toString(2).length
}

/**
 * The most bits a non-negative value of `node` can have, when the tree proves it (else 256): a compile-time
 * constant (the compiler's `int_const` type, or a `constant` variable's value), an expression of a narrower type
 * (`type(uint32).max`, a uint32 variable), `a & b`, `a >> k` and `a % m` of those, `Math.min`, and the checked
 * helper `fit` on (x, bits), which reverts unless `x < 2**bits`.
 */
export function maxBits(node: AstNode, decls: Map<number, AstNode>): number {
  const typeString = node.typeDescriptions?.typeString ?? ''
  const constant = /^int_const (\d+)$/.exec(typeString)
  if (constant) return bitLength(BigInt(constant[1] as string))
  if (/^int_const /.test(typeString)) return 256 // a negative or abbreviated (very long) constant
  if (node.nodeType === 'Identifier' && node.referencedDeclaration !== undefined) {
    const decl = decls.get(node.referencedDeclaration)
    if (decl?.nodeType === 'VariableDeclaration' && decl.constant && decl.value && typeof decl.value === 'object') {
      return Math.min(maxBits(decl.value, decls), intType(typeString)?.bits ?? 256)
    }
  }
  const own = intType(typeString)
  const bits = own && !own.signed ? own.bits : 256
  if (node.nodeType === 'TupleExpression' && Array.isArray(node.components) && node.components.length === 1) {
    return Math.min(bits, maxBits(node.components[0] as AstNode, decls))
  }
  if (node.nodeType === 'BinaryOperation' && node.leftExpression && node.rightExpression) {
    const left = maxBits(node.leftExpression, decls)
    const right = maxBits(node.rightExpression, decls)
    if (node.operator === '&') return Math.min(bits, left, right)
    if (node.operator === '%') return Math.min(bits, left, right)
    if (node.operator === '>>') {
      const shift = constantValue(node.rightExpression, decls)
      if (shift !== undefined) return Math.min(bits, Math.max(0, left - Number(shift)))
    }
    return bits
  }
  if (node.nodeType === 'FunctionCall' && node.kind === 'functionCall' && node.expression && node.arguments) {
    const callee = calleeName(node.expression)
    if (callee === 'Math.min' || callee === 'min') {
      return Math.min(bits, ...node.arguments.map((a) => maxBits(a, decls)))
    }
    if ((callee === 'fit' || callee.endsWith('.fit')) && node.arguments.length === 2 && isCheckedFit(node, decls)) {
      const limit = constantValue(node.arguments[1] as AstNode, decls)
      if (limit !== undefined) return Math.min(bits, Number(limit))
    }
  }
  return bits
}

function calleeName(expression: AstNode): string {
  if (expression.nodeType === 'Identifier') return expression.name ?? ''
  if (expression.nodeType === 'MemberAccess' && expression.expression) {
    return `${calleeName(expression.expression)}.${expression.memberName ?? ''}`
  }
  return ''
}

/** The value of a compile-time constant (a literal, a constant expression or a `constant` variable). */
export function constantValue(node: AstNode, decls: Map<number, AstNode>): bigint | undefined {
  const constant = /^int_const (\d+)$/.exec(node.typeDescriptions?.typeString ?? '')
  if (constant) return BigInt(constant[1] as string)
  if (node.nodeType === 'Identifier' && node.referencedDeclaration !== undefined) {
    const decl = decls.get(node.referencedDeclaration)
    if (decl?.nodeType === 'VariableDeclaration' && decl.constant && decl.value && typeof decl.value === 'object') {
      return constantValue(decl.value, decls)
    }
  }
  return undefined
}

/**
 * A call of `fit` on (value, bits) is a checked cast only if its body reverts when the value does not fit (MiningLib's
 * does).
 */
function isCheckedFit(call: AstNode, decls: Map<number, AstNode>): boolean {
  const expression = call.expression as AstNode
  const decl = expression.referencedDeclaration === undefined ? undefined : decls.get(expression.referencedDeclaration)
  if (decl?.nodeType !== 'FunctionDefinition' || !decl.body) return false
  const text = JSON.stringify(decl.body)
  return text.includes('"nodeType":"RevertStatement"') && text.includes('"operator":">>"')
}

/** Why a narrowing conversion `node` to `to` needs no row of the table, or undefined. */
function safeBecause(node: AstNode, to: IntType, decls: Map<number, AstNode>, source: Buffer): string | undefined {
  const arg = (node.arguments as AstNode[])[0] as AstNode
  if (!to.signed && maxBits(arg, decls) <= to.bits) {
    return 'the value provably fits (a constant, a mask, a narrower type, a clamp or a checked fit)'
  }
  if (!to.signed && arg.nodeType === 'BinaryOperation' && arg.operator === '>>' && arg.rightExpression) {
    if (constantValue(arg.rightExpression, decls) !== undefined) {
      return 'a packed field decoded from its word: the bits cut off belong to the fields above it'
    }
  }
  if (!to.signed && to.bits >= 40 && nodeText(source, arg) === 'block.timestamp') {
    return 'a time in 40 or more bits: 2**40 seconds is year 36,812'
  }
  return undefined
}

/**
 * Every explicit narrowing integer conversion in `ast` (the source unit of `file`, text `source`). `decls` maps
 * every declaration id of the whole compilation to its node (constants and functions may live in other files).
 */
export function narrowingCasts(file: string, ast: AstNode, source: Buffer, decls: Map<number, AstNode>): Cast[] {
  const casts: Cast[] = []
  walk(ast, (node) => {
    if (node.nodeType !== 'FunctionCall' || node.kind !== 'typeConversion') return
    const to = intType(node.typeDescriptions?.typeString)
    const arg = node.arguments?.[0]
    const from = intType(arg?.typeDescriptions?.typeString)
    // literals (`int_const`), addresses, bytesN, enums and contracts are not integer narrowings
    if (!to || !from || !arg || !isNarrowing(from, to)) return
    casts.push({
      file,
      line: lineOf(source, node),
      text: nodeText(source, node),
      from: arg.typeDescriptions?.typeString ?? '',
      to: node.typeDescriptions?.typeString ?? '',
      safe: safeBecause(node, to, decls, source),
    })
  })
  return casts
}

/** Calls `visit` on every node of `node` (depth first). */
export function walk(node: unknown, visit: (node: AstNode) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit)
    return
  }
  if (!node || typeof node !== 'object') return
  if (typeof (node as AstNode).nodeType === 'string') visit(node as AstNode)
  for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value, visit)
}

/** Every declaration of `asts` by id. */
export function declarations(asts: AstNode[]): Map<number, AstNode> {
  const decls = new Map<number, AstNode>()
  for (const ast of asts) {
    walk(ast, (node) => {
      if (node.nodeType === 'VariableDeclaration' || node.nodeType === 'FunctionDefinition') decls.set(node.id, node)
    })
  }
  return decls
}

/** A row of the table: its file (under contracts/contracts/) and its casts, whitespace removed. */
export type BoundRow = { file: string; casts: string[]; line: number }

/** The rows of the table "Bounds of narrowed fields" in `readme` (the table whose first columns are file, cast). */
export function boundRows(readme: string): BoundRow[] {
  const lines = readme.split('\n')
  const start = lines.findIndex((l) => /^## Bounds of narrowed fields/.test(l))
  if (start < 0) throw new Error('contracts/README.md has no section "Bounds of narrowed fields"')
  const rows: BoundRow[] = []
  let inTable = false
  for (let i = start + 1; i < lines.length && !/^## /.test(lines[i] as string); i++) {
    const line = (lines[i] as string).trim()
    if (!line.startsWith('|')) {
      inTable = false
      continue
    }
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'))
    if (/^file$/i.test(cells[0] ?? '') && /^cast/i.test(cells[1] ?? '')) {
      inTable = true
      continue
    }
    if (!inTable || /^-+$/.test(cells[0] ?? '')) continue
    const file = (cells[0] ?? '').replace(/`/g, '')
    const casts = [...(cells[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => (m[1] as string).replace(/\s+/g, ''))
    rows.push({ file, casts, line: i + 1 })
  }
  return rows
}
