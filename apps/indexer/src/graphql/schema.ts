import { GraphQLError, GraphQLScalarType, Kind } from 'graphql'
import { createSchema } from 'graphql-yoga'
import type { GetStatus } from '../sync/createStatus.ts'

export type GraphQLContext = { getStatus: GetStatus }

/**
 * Integers of any size (block numbers, uint256 amounts) as decimal strings: JSON numbers lose precision above
 * 2^53. Inputs accept a decimal string or an integer literal.
 */
export const BigIntScalar = new GraphQLScalarType<bigint, string>({
  name: 'BigInt',
  description: 'An integer of any size, as a decimal string (uint256 amounts, block numbers).',
  serialize(value) {
    if (typeof value === 'bigint') return value.toString()
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return value
    throw new GraphQLError('BigInt cannot represent a non-integer value')
  },
  parseValue(value) {
    if (typeof value === 'string' && /^-?\d{1,78}$/.test(value)) return BigInt(value)
    if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
    throw new GraphQLError('BigInt must be a decimal integer string of at most 78 digits')
  },
  parseLiteral(ast) {
    if ((ast.kind === Kind.STRING || ast.kind === Kind.INT) && /^-?\d{1,78}$/.test(ast.value)) return BigInt(ast.value)
    throw new GraphQLError('BigInt must be a decimal integer string of at most 78 digits')
  },
})

const typeDefs = /* GraphQL */ `
  "An integer of any size, as a decimal string (uint256 amounts, block numbers)."
  scalar BigInt

  "Where the indexer stands against the chain."
  type IndexerStatus {
    chainId: Int!
    "Latest block of the chain node; null when the node does not answer."
    chainHead: BigInt
    "Highest block whose events are written; null before the first range."
    indexedBlock: BigInt
    "Highest indexed block with at least 'confirmations' blocks on top; data up to it is final."
    confirmedBlock: BigInt
    "chainHead - indexedBlock."
    lag: BigInt
    "Blocks a row needs on top of it to count as confirmed (the CONFIRMATIONS setting)."
    confirmations: Int!
  }

  type Query {
    "Chain head, indexed block, confirmed block and lag."
    indexerStatus: IndexerStatus!
  }
`

export function createGraphQLSchema() {
  return createSchema<GraphQLContext>({
    typeDefs,
    resolvers: {
      BigInt: BigIntScalar,
      Query: {
        indexerStatus: (_parent, _args, context) => context.getStatus(),
      },
    },
  })
}
