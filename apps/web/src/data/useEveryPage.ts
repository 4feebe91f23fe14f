import { useEffect, useState } from 'react'
import type { DocumentNode } from 'graphql'
import { useIndexerClient } from './indexer.ts'
import { useIndexedVersion } from './indexerSync.ts'

/** One page of an indexer list (apps/indexer GraphQL cursor pages). */
export type IndexedPage<Node> = {
  nodes: Node[]
  pageInfo: { hasNextPage: boolean; endCursor: string | null }
}

/** Pages fetched at most for one list: 100 × 100 rows (a bound, so that a faulty cursor cannot loop forever). */
const MAX_PAGES = 100

/**
 * Every row of an indexed list, fetched page after page through the indexer's cursors (100 rows each) until the
 * last, and again whenever the indexer caught up with one of the app's transactions. For figures that need the
 * whole list (e.g. the rounds with a prize still to claim), not for lists shown to the user (`PagedList`).
 * `undefined` while loading, `'error'` when a page failed.
 *
 * @example
 * const rounds = useEveryPage(FOMO_ROUND_PAGE, { contract: 'Fomo' }, (data: RoundsData) => data.fomoRounds)
 */
export function useEveryPage<Data, Node>(
  query: DocumentNode,
  variables: Record<string, unknown> | undefined,
  select: (data: Data) => IndexedPage<Node>,
): Node[] | 'error' | undefined {
  const client = useIndexerClient()
  const version = useIndexedVersion()
  const key = variables === undefined ? undefined : JSON.stringify(variables)
  const [result, setResult] = useState<{ key: string; nodes: Node[] | 'error' }>()
  useEffect(() => {
    if (key === undefined) return
    let stopped = false
    const vars = JSON.parse(key) as Record<string, unknown>
    void (async () => {
      const nodes: Node[] = []
      let after: string | null = null
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await client
          .query<Data>(query, { ...vars, first: 100, after }, { requestPolicy: 'network-only' })
          .toPromise()
        if (stopped) return
        if (!answer.data) {
          console.info('indexed list failed', answer.error)
          setResult({ key, nodes: 'error' })
          return
        }
        const { nodes: rows, pageInfo } = select(answer.data)
        nodes.push(...rows)
        if (!pageInfo.hasNextPage || !pageInfo.endCursor || pageInfo.endCursor === after) break
        after = pageInfo.endCursor
      }
      setResult({ key, nodes })
    })()
    return () => {
      stopped = true
    }
    // `select` is left out on purpose: a new function for the same query reads the same answer.
  }, [client, query, key, version])
  return result && result.key === key ? result.nodes : undefined
}
