import { useCallback, useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import type { DocumentNode } from 'graphql'
import type { AnyVariables } from 'urql'
import { useIndexedQuery } from '../../../data/indexer.ts'
import type { IndexedPage } from '../../../data/useEveryPage.ts'
import { ListView } from './ListView.tsx'
import type { ListStatus } from './ListView.tsx'

export type PagedListProps<Data, Node> = {
  query: DocumentNode
  /** The query's variables other than `first` and `after`; a change starts the list again. */
  variables: Record<string, unknown>
  /** The page inside the query's answer. */
  select(data: Data): IndexedPage<Node>
  /** One row (an `<li>` with its key). */
  row(node: Node): ReactNode
  /** Rows per page (1..100). */
  pageSize?: number
  testId?: string
}

type PageState = { status: ListStatus; count: number; endCursor: string | null; hasNext: boolean }

/**
 * An indexed list loaded page by page ("Load more") from the indexer; every loaded page is fetched again after the
 * app's own transactions once the indexer caught up with them (useIndexedQuery). States: {@link ListView}.
 *
 * @example
 * <PagedList query={MINTS} variables={{ account }} select={(d: MintsData) => d.mints} row={(m) => <li key={m.transactionHash}>…</li>} />
 */
export function PagedList<Data, Node>({
  query,
  variables,
  select,
  row,
  pageSize = 20,
  testId,
}: PagedListProps<Data, Node>) {
  const key = JSON.stringify(variables)
  const [list, setList] = useState<{ key: string; cursors: (string | null)[] }>({ key, cursors: [null] })
  const [states, setStates] = useState<Record<string, PageState>>({})
  useEffect(() => {
    setList({ key, cursors: [null] })
    setStates({})
  }, [key])
  const cursors = list.key === key ? list.cursors : [null]
  const report = useCallback(
    (id: string, state: PageState) =>
      setStates((current) => {
        const before = current[id]
        if (
          before &&
          before.status === state.status &&
          before.count === state.count &&
          before.endCursor === state.endCursor &&
          before.hasNext === state.hasNext
        )
          return current
        return { ...current, [id]: state }
      }),
    [],
  )
  const ids = cursors.map((after) => `${key}|${after ?? ''}`)
  const last = states[ids[ids.length - 1] ?? '']
  const count = ids.reduce((sum, id) => sum + (states[id]?.count ?? 0), 0)
  const failed = ids.some((id) => states[id]?.status === 'error')
  const status: ListStatus = failed ? 'error' : !last || last.status === 'loading' ? 'loading' : 'ready'
  const [retries, setRetries] = useState(0)
  return (
    <ListView
      testId={testId}
      count={count}
      status={status}
      hasMore={Boolean(last?.hasNext && last.endCursor)}
      onMore={() => {
        const cursor = last?.endCursor
        if (cursor && !cursors.includes(cursor)) setList({ key, cursors: [...cursors, cursor] })
      }}
      onRetry={() => setRetries((value) => value + 1)}
      rows={cursors.map((after, position) => (
        <Page
          key={ids[position]}
          id={ids[position] ?? ''}
          query={query}
          variables={{ ...variables, first: pageSize, after }}
          select={select}
          row={row}
          report={report}
          retries={retries}
        />
      ))}
    />
  )
}

function Page<Data, Node>({
  id,
  query,
  variables,
  select,
  row,
  report,
  retries,
}: {
  id: string
  query: DocumentNode
  variables: AnyVariables
  select(data: Data): IndexedPage<Node>
  row(node: Node): ReactNode
  report(id: string, state: PageState): void
  retries: number
}) {
  const [result, reexecute] = useIndexedQuery<Data>({ query, variables })
  const page = result.data ? select(result.data) : undefined
  const status: ListStatus = page ? 'ready' : result.error ? 'error' : 'loading'
  useEffect(() => {
    if (result.error) console.info('indexed list failed', result.error)
  }, [result.error])
  useEffect(() => {
    if (retries > 0) reexecute({ requestPolicy: 'network-only' })
  }, [retries, reexecute])
  useEffect(() => {
    report(id, {
      status,
      count: page?.nodes.length ?? 0,
      endCursor: page?.pageInfo.endCursor ?? null,
      hasNext: page?.pageInfo.hasNextPage ?? false,
    })
  }, [id, report, status, page])
  return <>{page?.nodes.map(row)}</>
}
