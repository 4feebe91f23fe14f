import type { CodegenConfig } from '@graphql-codegen/cli'

/**
 * GraphQL Code Generator: the TypeScript types of the schema in src/graphql/typeDefs.ts (its `/* GraphQL *\/`
 * string), among them every field's arguments (`QueryOrdersArgs`, ...) that the resolvers take, into the
 * git-ignored src/generated/ (`nx run indexer:generate`, before the typecheck, the tests and the build).
 */
const config: CodegenConfig = {
  schema: 'src/graphql/typeDefs.ts',
  generates: {
    'src/generated/graphql.ts': {
      plugins: ['typescript'],
      config: {
        // BigIntScalar parses inputs to bigint; outputs are bigints or the decimal strings PostgreSQL returns.
        scalars: { BigInt: { input: 'bigint', output: 'string | bigint' } },
        strictScalars: true,
        // Enums as unions of their values (PaymentToken = 'USDT' | 'BNB' | 'NEX'): what the rows hold.
        enumsAsTypes: true,
        useTypeImports: true,
      },
    },
  },
  silent: true,
}

export default config
