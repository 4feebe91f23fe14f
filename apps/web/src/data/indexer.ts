import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { gql, useClient, useQuery } from 'urql'
import type { AnyVariables, UseQueryArgs } from 'urql'

/** The indexer's progress (apps/indexer GraphQL `indexerStatus`). */
export const INDEXER_STATUS = gql`
  query IndexerStatus {
    indexerStatus {
      chainHead
      indexedBlock
      lag
    }
  }
`
export type IndexerStatusData = {
  indexerStatus: { chainHead: string | null; indexedBlock: string | null; lag: string | null }
}

/** How often the indexer is asked whether it reached a transaction's block. */
export const CATCH_UP_POLL_MS = 1_000
/** After this long the app stops waiting (the lists still refresh on their own next time). */
const CATCH_UP_GIVE_UP_MS = 60_000

type IndexerSync = {
  /** Waits until the indexer reports `block`, then refreshes every indexed list. */
  waitFor(block: bigint): void
  /** Changes each time the lists must be fetched again. */
  version: number
  /** The block the app waits for, if any. */
  awaited: bigint | undefined
}

const IndexerSyncContext = createContext<IndexerSync>({ waitFor: () => undefined, version: 0, awaited: undefined })

/**
 * After a transaction, polls the indexer's `indexerStatus` until its indexed block reaches the transaction's
 * block, then makes every list from {@link useIndexedQuery} fetch again (ARCHITECTURE.md, "Data flow").
 */
export function IndexerSyncProvider({ children }: { children: ReactNode }) {
  const client = useClient()
  const [awaited, setAwaited] = useState<bigint | undefined>()
  const [version, setVersion] = useState(0)

  useEffect(() => {
    if (awaited === undefined) return
    let stopped = false
    const started = Date.now()
    const poll = async () => {
      while (!stopped && Date.now() - started < CATCH_UP_GIVE_UP_MS) {
        const result = await client
          .query<IndexerStatusData>(INDEXER_STATUS, {}, { requestPolicy: 'network-only' })
          .toPromise()
        const indexed = result.data?.indexerStatus.indexedBlock
        if (indexed != null && BigInt(indexed) >= awaited) break
        await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS))
      }
      if (stopped) return
      setAwaited(undefined)
      setVersion((value) => value + 1)
    }
    void poll()
    return () => {
      stopped = true
    }
  }, [awaited, client])

  const waitFor = useCallback(
    (block: bigint) => setAwaited((current) => (current === undefined || block > current ? block : current)),
    [],
  )
  const value = useMemo(() => ({ waitFor, version, awaited }), [waitFor, version, awaited])
  return createElement(IndexerSyncContext.Provider, { value }, children)
}

/** Tells the indexed lists to catch up once the indexer reports `block`. */
export function useIndexerCatchUp(): (block: bigint) => void {
  return useContext(IndexerSyncContext).waitFor
}

/** Whether the app is waiting for the indexer to reach its last transaction. */
export function useIndexerCatchingUp(): boolean {
  return useContext(IndexerSyncContext).awaited !== undefined
}

/**
 * An indexed list (urql), fetched again whenever the indexer caught up with one of the app's transactions.
 *
 * @example
 * const [result] = useIndexedQuery({ query: ORDERS, variables: { account } })
 */
export function useIndexedQuery<Data, Variables extends AnyVariables = AnyVariables>(
  args: UseQueryArgs<Variables, Data>,
) {
  const { version } = useContext(IndexerSyncContext)
  const [result, reexecute] = useQuery<Data, Variables>(args)
  useEffect(() => {
    if (version > 0) reexecute({ requestPolicy: 'network-only' })
  }, [version, reexecute])
  return [result, reexecute] as const
}
