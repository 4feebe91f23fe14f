import { Client, cacheExchange, fetchExchange } from 'urql'

/**
 * The urql client for the indexer's GraphQL API (lists and history; ARCHITECTURE.md, "Data flow").
 *
 * @example
 * const client = createGraphqlClient('http://127.0.0.1:4000/graphql')
 */
export function createGraphqlClient(url: string): Client {
  return new Client({
    url,
    exchanges: [cacheExchange, fetchExchange],
    // Lists change with every indexed block; show cached rows at once and refresh them in the background.
    requestPolicy: 'cache-and-network',
  })
}
