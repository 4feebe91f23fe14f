import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import type { IndexerStatusQuery } from '../generated/graphql.ts'

// The indexer's progress and the catch-up after the app's own transactions, with plain `fetch`: every page has
// them (the shell, the home page's status line), while urql's client and GraphQL parser (data/indexer.ts) load
// with the first page that shows an indexed list.

/** The indexer's progress (apps/indexer GraphQL `indexerStatus`). */
export const INDEXER_STATUS = /* GraphQL */ `
  query IndexerStatus {
    indexerStatus {
      chainHead
      indexedBlock
      lag
    }
  }
`
export type IndexerStatusData = IndexerStatusQuery
export type IndexerStatus = IndexerStatusData['indexerStatus']

/** How often the indexer is asked whether it reached a transaction's block. */
export const CATCH_UP_POLL_MS = 1_000
/** After this long the app stops waiting (the lists still refresh on their own next time). */
const CATCH_UP_GIVE_UP_MS = 60_000

/**
 * Asks the indexer's GraphQL API for its progress: a GET request like urql's queries (no CORS preflight).
 *
 * @example
 * const { indexedBlock } = await fetchIndexerStatus('http://127.0.0.1:4000/graphql')
 */
export async function fetchIndexerStatus(url: string, signal?: AbortSignal): Promise<IndexerStatus> {
  const request = new URL(url)
  request.searchParams.set('query', INDEXER_STATUS)
  request.searchParams.set('operationName', 'IndexerStatus')
  const response = await fetch(request, {
    signal,
    headers: { accept: 'application/graphql-response+json, application/json' },
  })
  const body = (await response.json()) as { data?: IndexerStatusData | null; errors?: { message: string }[] }
  if (!body.data) throw new Error(body.errors?.[0]?.message ?? `the indexer answered HTTP ${response.status}`)
  return body.data.indexerStatus
}

type IndexerSync = {
  /** The indexer's GraphQL endpoint (undefined outside an {@link IndexerSyncProvider}, e.g. in component tests). */
  url: string | undefined
  /** Waits until the indexer reports `block`, then refreshes every indexed list. */
  waitFor(block: bigint): void
  /** Changes each time the lists must be fetched again. */
  version: number
  /** The block the app waits for, if any. */
  awaited: bigint | undefined
  /**
   * The block of the app's latest transaction once the indexer reported it: the lists ask for it
   * (`extensions.minBlock`), so that an indexer process reading a replica that has not replayed that block yet
   * waits for it or reads the primary (apps/indexer README, "Read replicas").
   */
  minBlock: bigint | undefined
}

const IndexerSyncContext = createContext<IndexerSync>({
  url: undefined,
  waitFor: () => undefined,
  version: 0,
  awaited: undefined,
  minBlock: undefined,
})

/**
 * After a transaction, polls the indexer's `indexerStatus` until its indexed block reaches the transaction's
 * block, then makes every indexed list (data/indexer.ts) fetch again (ARCHITECTURE.md, "Data flow").
 */
export function IndexerSyncProvider({ url, children }: { url: string; children: ReactNode }) {
  const [awaited, setAwaited] = useState<bigint | undefined>()
  const [version, setVersion] = useState(0)
  const [minBlock, setMinBlock] = useState<bigint>()

  useEffect(() => {
    if (awaited === undefined) return
    const stop = new AbortController()
    const started = Date.now()
    const poll = async () => {
      while (!stop.signal.aborted && Date.now() - started < CATCH_UP_GIVE_UP_MS) {
        const indexed = await fetchIndexerStatus(url, stop.signal).then(
          (status) => status.indexedBlock,
          () => null,
        )
        if (indexed != null && BigInt(indexed) >= awaited) break
        await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS))
      }
      if (stop.signal.aborted) return
      setMinBlock((current) => (current === undefined || awaited > current ? awaited : current))
      setAwaited(undefined)
      setVersion((value) => value + 1)
    }
    void poll()
    return () => stop.abort()
  }, [awaited, url])

  const waitFor = useCallback(
    (block: bigint) => setAwaited((current) => (current === undefined || block > current ? block : current)),
    [],
  )
  const value = useMemo(
    () => ({ url, waitFor, version, awaited, minBlock }),
    [url, waitFor, version, awaited, minBlock],
  )
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

/** The indexer's GraphQL endpoint given to {@link IndexerSyncProvider} (undefined outside one). */
export function useIndexerUrl(): string | undefined {
  return useContext(IndexerSyncContext).url
}

/** The block the indexed lists must include: the app's latest transaction's, once the indexer reported it. */
export function useIndexedMinBlock(): bigint | undefined {
  return useContext(IndexerSyncContext).minBlock
}

/** A number that changes each time the indexed lists must be fetched again (the indexer caught up). */
export function useIndexedVersion(): number {
  return useContext(IndexerSyncContext).version
}

/**
 * The indexer's progress, fetched on mount and again whenever it caught up with one of the app's transactions;
 * undefined until it answers (or when it cannot be reached).
 */
export function useIndexerStatus(): IndexerStatus | undefined {
  const { url, version } = useContext(IndexerSyncContext)
  const [status, setStatus] = useState<IndexerStatus>()
  useEffect(() => {
    if (!url) return
    const stop = new AbortController()
    fetchIndexerStatus(url, stop.signal).then(setStatus, (error: unknown) => {
      if (!stop.signal.aborted) console.info('indexer status unavailable', error)
    })
    return () => stop.abort()
  }, [url, version])
  return status
}
