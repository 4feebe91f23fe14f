import { createElement, use, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { Client, Context, Provider, useQuery } from 'urql'
import type { AnyVariables, UseQueryArgs } from 'urql'
import { env } from '../lib/env.ts'
import { createGraphqlClient } from '../lib/graphqlClient.ts'
import { openIndexerScope } from './indexerScope.ts'
import { useIndexedMinBlock, useIndexedVersion, useIndexerUrl } from './indexerSync.ts'

export { useIndexerCatchUp, useIndexerCatchingUp } from './indexerSync.ts'

/**
 * urql's Provider with the app's client for the indexer's GraphQL API (IndexerSyncProvider's endpoint), around the
 * pages (data/indexerScope.ts).
 */
function GraphqlScope({ children }: { children: ReactNode }) {
  const url = useIndexerUrl() ?? env.graphqlUrl
  const [client] = useState(() => createGraphqlClient(url))
  return createElement(Provider, { value: client }, children)
}

/**
 * The urql client of the indexed lists: the one a Provider above gives (a component test's), else the app's.
 * The first page that asks for it waits while the pages move into urql's Provider (this module arrives with the
 * first page that has an indexed list, so the home page's first load carries no GraphQL client).
 */
export function useIndexerClient(): Client {
  const provided = useContext(Context)
  if (provided instanceof Client) return provided
  use(openIndexerScope(GraphqlScope))
  throw new Error('Indexed lists must render inside the pages (AppShell wraps them in IndexerScope).')
}

/**
 * An indexed list (urql), fetched again whenever the indexer caught up with one of the app's transactions, and from
 * then on asking for that transaction's block (`minBlock`: see lib/graphqlClient.ts), so that it never shows the
 * list without the user's own action.
 *
 * @example
 * const [result] = useIndexedQuery({ query: ORDERS, variables: { account } })
 */
export function useIndexedQuery<Data, Variables extends AnyVariables = AnyVariables>(
  args: UseQueryArgs<Variables, Data>,
) {
  useIndexerClient()
  const version = useIndexedVersion()
  const minBlock = useIndexedMinBlock()
  const context = useMemo(
    () => (minBlock === undefined ? args.context : { ...args.context, minBlock: minBlock.toString() }),
    [args.context, minBlock],
  )
  const [result, reexecute] = useQuery<Data, Variables>({ ...args, context })
  useEffect(() => {
    if (version > 0) reexecute({ requestPolicy: 'network-only' })
  }, [version, reexecute])
  return [result, reexecute] as const
}
