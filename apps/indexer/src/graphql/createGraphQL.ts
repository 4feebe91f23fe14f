import { GraphQLError } from 'graphql'
import { createYoga } from 'graphql-yoga'
import { useCompiledQueries } from './compiledQueries.ts'
import { useQueryLimits, type QueryLimits } from './limits.ts'
import { createGraphQLSchema, type GraphQLContext } from './schema.ts'

export type CreateGraphQLParameters = {
  /** The context of every request, but the pool. */
  context: Omit<GraphQLContext, 'pool'>
  /** The pool a request reads, given the block it needs (its `extensions.minBlock`; see readRouter.ts). */
  poolFor: (minBlock?: bigint) => Promise<GraphQLContext['pool']>
  limits?: Partial<QueryLimits>
  /** Show the GraphiQL page on GET /graphql from a browser (default: when introspection is on). */
  graphiql?: boolean
  logger: {
    debug: (m: unknown) => void
    info: (m: unknown) => void
    warn: (m: unknown) => void
    error: (m: unknown) => void
  }
}

/**
 * The request's `extensions.minBlock` (GraphQL over HTTP's extensions: the body's `extensions` of a POST, the
 * JSON `extensions` parameter of a GET): the block the answer must include, as a decimal string or a whole number.
 * Anything else is refused with `BAD_USER_INPUT` (HTTP 400).
 */
export function minBlockOf(extensions: Record<string, unknown> | undefined): bigint | undefined {
  const value = extensions?.minBlock
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  const shown = JSON.stringify(value)
  throw new GraphQLError(
    `Extension "minBlock": a block number (a decimal string of at most 20 digits), not ${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}`,
    { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } },
  )
}

/**
 * The GraphQL endpoint (graphql-yoga), to mount on the Fastify server at /graphql.
 * @dev Unexpected errors are masked ("Unexpected error.", logged server-side), so no stack trace or SQL reaches a
 * client; validation errors name what was wrong.
 */
export function createGraphQL(parameters: CreateGraphQLParameters) {
  const { context, logger } = parameters
  const introspection = parameters.limits?.introspection ?? true
  return createYoga<Record<never, never>, GraphQLContext>({
    schema: createGraphQLSchema(),
    graphqlEndpoint: '/graphql',
    // Each request reads the pool of the block it needs (the replica, or the primary when the replica is behind).
    context: async ({ params }) => ({ ...context, pool: await parameters.poolFor(minBlockOf(params.extensions)) }),
    maskedErrors: true,
    graphiql: parameters.graphiql ?? introspection,
    landingPage: false,
    batching: false,
    // Each distinct document is parsed, checked against the limits and validated once (Yoga's parser and validation
    // cache), then compiled once by graphql-jit (see compiledQueries.ts).
    plugins: [useQueryLimits(parameters.limits), useCompiledQueries()],
    logging: {
      debug: (...args) => args.forEach((arg) => logger.debug(arg)),
      info: (...args) => args.forEach((arg) => logger.info(arg)),
      warn: (...args) => args.forEach((arg) => logger.warn(arg)),
      error: (...args) => args.forEach((arg) => logger.error(arg)),
    },
  })
}
