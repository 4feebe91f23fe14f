import { GraphQLError, GraphQLScalarType, Kind } from 'graphql'
import { createSchema } from 'graphql-yoga'
import type { Pool } from '@nexus/db'
import type { GetStatus } from '../sync/createStatus.ts'
import { typeDefs } from './typeDefs.ts'
import { createResolvers } from './resolvers.ts'

export type GraphQLContext = {
  getStatus: GetStatus
  /** Read access to the indexer's tables. */
  pool: Pick<Pool, 'query'>
  chainId: number
  /** Deployment names of the indexed contracts (valid `contract` arguments). */
  contracts: readonly string[]
}

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

/** The executable schema: {@link typeDefs} with their resolvers. */
export function createGraphQLSchema() {
  return createSchema<GraphQLContext>({ typeDefs, resolvers: { BigInt: BigIntScalar, ...createResolvers() } })
}
