import type { AdminActionsQuery } from '../../generated/graphql.ts'

/** One row of the indexer's `adminActions` (apps/indexer GraphQL; the type generated from the page's query). */
export type AdminActionNode = AdminActionsQuery['adminActions']['nodes'][number]

export type ValueChange = { name: string; from: string | undefined; to: string }

const parse = (text: string | null): unknown => {
  if (text === null) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

const show = (value: unknown): string =>
  value === undefined || value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value)

/** Settings events whose new value is a whole tuple: the old value is the same event's previous tuple. */
const TUPLE_EVENTS = new Set(['ConfigUpdated', 'ConfigMultiUpdated', 'AddressesUpdated', 'SourcesUpdated'])

/**
 * The old value of each action where the event itself does not carry it: a settings event's previous tuple is
 * the same contract's previous event of that name (the list is newest first, so the next older row).
 * Returns, per row, the fields that changed (old → new), or the action's own old and new values.
 *
 * @example
 * describeChanges([{ eventName: 'ConfigUpdated', newValue: '{"feeRate":"150"}', … },
 *                  { eventName: 'ConfigUpdated', newValue: '{"feeRate":"100"}', … }])[0]
 * // [{ name: 'feeRate', from: '100', to: '150' }]
 */
export function describeChanges(nodes: readonly AdminActionNode[]): ValueChange[][] {
  return nodes.map((node, index) => {
    const next = parse(node.newValue)
    if (TUPLE_EVENTS.has(node.eventName) && next && typeof next === 'object' && !Array.isArray(next)) {
      const older = nodes
        .slice(index + 1)
        .find((other) => other.contract === node.contract && other.eventName === node.eventName)
      const before = older ? (parse(older.newValue) as Record<string, unknown> | undefined) : undefined
      const changes: ValueChange[] = []
      for (const [name, value] of Object.entries(next as Record<string, unknown>)) {
        const from = before && name in before ? show(before[name]) : undefined
        const to = show(value)
        if (from !== to) changes.push({ name, from, to })
      }
      return changes
    }
    if (node.newValue === null && node.oldValue === null) return []
    return [{ name: '', from: node.oldValue === null ? undefined : show(parse(node.oldValue)), to: show(next) }]
  })
}
