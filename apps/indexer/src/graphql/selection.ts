import { Kind, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql'

/** The fields a selection asks for, by name, each with its own selection sets (several when asked more than once). */
export type Selection = Map<string, SelectionSetNode[]>

function collect(
  sets: readonly SelectionSetNode[],
  fragments: Record<string, FragmentDefinitionNode>,
  into: Selection,
  visiting: Set<string>,
): Selection {
  for (const set of sets) {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const subsets = into.get(selection.name.value) ?? []
        if (selection.selectionSet) subsets.push(selection.selectionSet)
        into.set(selection.name.value, subsets)
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect([selection.selectionSet], fragments, into, visiting)
      } else {
        const fragment = fragments[selection.name.value]
        // Validation refuses fragment cycles; the guard only keeps a malformed document from looping here.
        if (!fragment || visiting.has(fragment.name.value)) continue
        visiting.add(fragment.name.value)
        collect([fragment.selectionSet], fragments, into, visiting)
        visiting.delete(fragment.name.value)
      }
    }
  }
  return into
}

/**
 * The fields selected below the field being resolved, fragments followed. `@skip`/`@include` are not evaluated: a
 * field they may leave out counts as selected (a superset, so that reading columns by it never misses one).
 *
 * @example
 * const page = selectionOf(info)                // actionLog { nodes { index amount } totalCount }
 * page.has('totalCount')                        // true
 * selectionOf(info, 'nodes').has('amount')      // true
 */
export function selectionOf(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, child?: string): Selection {
  const sets = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []))
  const top = collect(sets, info.fragments, new Map(), new Set())
  return child === undefined ? top : collect(top.get(child) ?? [], info.fragments, new Map(), new Set())
}

/**
 * SQL select items for the GraphQL fields asked for: `always` first, then each entry of `columns` whose field is
 * in `selected`, in the order of `columns` (so that one set of fields always gives the same SQL text, one prepared
 * statement).
 */
export function columnsFor(selected: Selection, always: readonly string[], columns: Record<string, string>): string {
  return [...always, ...Object.entries(columns).flatMap(([field, sql]) => (selected.has(field) ? [sql] : []))].join(
    ', ',
  )
}
