import { Client, cacheExchange, fetchExchange, makeOperation, mapExchange } from 'urql'

/**
 * Sends an operation's `context.minBlock` (the block a list must include: the app's latest transaction's) as the
 * request's GraphQL extension `minBlock`, which the indexer honours on a read replica (apps/indexer README).
 */
const minBlockExchange = mapExchange({
  onOperation(operation) {
    const minBlock: unknown = operation.context.minBlock
    if (typeof minBlock !== 'string') return operation
    return makeOperation(
      operation.kind,
      { ...operation, extensions: { ...operation.extensions, minBlock } },
      operation.context,
    )
  },
})

/**
 * The urql client for the indexer's GraphQL API (lists and history; ARCHITECTURE.md, "Data flow").
 *
 * @example
 * const client = createGraphqlClient('http://127.0.0.1:4000/graphql')
 */
export function createGraphqlClient(url: string): Client {
  return new Client({
    url,
    exchanges: [cacheExchange, minBlockExchange, fetchExchange],
    // Lists change with every indexed block; show cached rows at once and refresh them in the background.
    requestPolicy: 'cache-and-network',
  })
}
