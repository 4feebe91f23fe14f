import type { CodegenConfig } from '@graphql-codegen/cli'

/**
 * GraphQL Code Generator: the result and variables types of every document the web sends to the indexer (the
 * `gql` strings in src/), checked against the indexer's schema (apps/indexer/src/graphql/typeDefs.ts, its
 * `/* GraphQL *\/` string; a field the schema has not fails the generation), into the git-ignored
 * src/generated/graphql.ts (`nx run web:generate`, before the typecheck, the tests and the build). Each document is
 * `gql<XQuery, XQueryVariables>`, so that urql's results are typed: types only, nothing added to the bundle.
 */
const config: CodegenConfig = {
  schema: '../indexer/src/graphql/typeDefs.ts',
  documents: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/generated/**'],
  generates: {
    'src/generated/graphql.ts': {
      plugins: ['typescript-operations'],
      config: {
        // BigInt values arrive as decimal strings (JSON has no exact big integers).
        scalars: { BigInt: 'string' },
        strictScalars: true,
        skipTypename: true,
        useTypeImports: true,
      },
    },
  },
  silent: true,
}

export default config
