import { createYoga } from 'graphql-yoga'
import { useCompiledQueries } from './compiledQueries.ts'
import { useQueryLimits, type QueryLimits } from './limits.ts'
import { createGraphQLSchema, type GraphQLContext } from './schema.ts'

export type CreateGraphQLParameters = {
  context: GraphQLContext
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
    context: () => context,
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
