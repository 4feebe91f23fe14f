import type { AdminActionsQuery } from '../../../generated/graphql.ts'

/** One row of the indexer's `adminActions` (apps/indexer GraphQL; the type generated from the page's query). */
export type AdminActionNode = AdminActionsQuery['adminActions']['nodes'][number]

/**
 * One value an admin action set: `name` is the event's argument or settings member (`burnRates.2` for an array's
 * third element; '' for the single value of an event that sets one), `from` the value before when known. Values
 * are as the indexer stored them (JSON: numbers as decimal strings, flags as booleans, addresses lowercase).
 */
export type ValueChange = { name: string; from?: unknown; to: unknown }

/** A stored value: JSON (tuples, flags), a whole number kept as its decimal text (JSON would round it), else the text. */
const parse = (text: string | null): unknown => {
  if (text === null) return undefined
  if (/^\d+$/.test(text)) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The named values of an event's value: a settings tuple or an event's arguments, with nested tuples in their
 * members' place and arrays one entry per element (`burnRates.0`, …; a list of tuples one per member of each,
 * `sources.0.target`), so that a change of one element shows alone.
 */
export function flatten(value: Record<string, unknown>): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [name, item] of Object.entries(value)) {
    if (isRecord(item)) for (const [inner, innerValue] of flatten(item)) out.set(inner, innerValue)
    else if (Array.isArray(item))
      item.forEach((element, index) => {
        // a list of tuples (Info's sources): each member of each element
        if (isRecord(element))
          for (const [inner, innerValue] of flatten(element)) out.set(`${name}.${index}.${inner}`, innerValue)
        else out.set(`${name}.${index}`, element)
      })
    else out.set(name, item)
  }
  return out
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Settings events whose new value is a whole tuple: the old value is the same event's previous tuple. */
const TUPLE_EVENTS = new Set(['ConfigUpdated', 'ConfigMultiUpdated', 'AddressesUpdated', 'SourcesUpdated'])

/**
 * The old value of each action where the event itself does not carry it: a settings event's previous tuple is
 * the same contract's previous event of that name (`previousValue`, found by the indexer in the whole history, not
 * only among the rows loaded).
 * Returns, per row, the values that changed (old → new), or the action's own old and new values, or each of the
 * values an event with several sets.
 *
 * @example
 * describeChanges([{ eventName: 'ConfigUpdated', newValue: '{"feeRate":"150"}', … },
 *                  { eventName: 'ConfigUpdated', newValue: '{"feeRate":"100"}', … }])[0]
 * // [{ name: 'feeRate', from: '100', to: '150' }]
 */
export function describeChanges(nodes: readonly AdminActionNode[]): ValueChange[][] {
  return nodes.map((node) => {
    const value = parse(node.newValue)
    // a list set as a whole (Info's sources): its elements by the event's argument name
    const args = Array.isArray(value) ? parse(node.args) : undefined
    const next = isRecord(args) ? args : value
    if (isRecord(next)) {
      const values = flatten(next)
      if (!TUPLE_EVENTS.has(node.eventName)) return [...values].map(([name, to]) => ({ name, to }))
      const olderValue = parse(node.previousValue)
      const before = isRecord(olderValue) ? flatten(olderValue) : undefined
      const changes: ValueChange[] = []
      for (const [name, to] of values) {
        if (before?.has(name)) {
          const from = before.get(name)
          if (!same(from, to)) changes.push({ name, from, to })
        } else changes.push({ name, to })
      }
      return changes
    }
    if (node.newValue === null && node.oldValue === null) return []
    return [node.oldValue === null ? { name: '', to: next } : { name: '', from: parse(node.oldValue), to: next }]
  })
}

/**
 * The rows as a reader reads them: the Timelock's `CallSalt` (the salt it records beside a call scheduled with one,
 * which keeps two schedulings of the same call apart) belongs to scheduling that call, so it is folded into the
 * `CallScheduled` row of the same operation and transaction, as its `salt` value, instead of a row of raw hex of its
 * own. A `CallSalt` whose scheduling row is not among `nodes` stays as it is (its own label says what it is).
 *
 * @example
 * foldSalts([scheduled, saltOfScheduled]) // [scheduled, with newValue {…, salt}]
 */
export function foldSalts(nodes: readonly AdminActionNode[]): AdminActionNode[] {
  const saltOf = new Map<string, unknown>()
  const record = (node: AdminActionNode) => {
    const value = parse(node.newValue)
    return isRecord(value) ? value : undefined
  }
  const key = (node: AdminActionNode, id: unknown) => `${node.transactionHash}:${String(id)}`
  const scheduled = new Set<string>()
  for (const node of nodes) {
    const value = record(node)
    if (node.eventName === 'CallScheduled' && value) scheduled.add(key(node, value.id))
  }
  for (const node of nodes) {
    const value = record(node)
    if (node.eventName === 'CallSalt' && value && scheduled.has(key(node, value.id)))
      saltOf.set(key(node, value.id), value.salt)
  }
  return nodes.flatMap((node) => {
    const value = record(node)
    if (!value) return [node]
    const id = key(node, value.id)
    if (node.eventName === 'CallSalt') return saltOf.has(id) ? [] : [node]
    if (node.eventName === 'CallScheduled' && saltOf.has(id)) {
      return [{ ...node, newValue: JSON.stringify({ ...value, salt: saltOf.get(id) }) }]
    }
    return [node]
  })
}
