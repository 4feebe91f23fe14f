import { defineProject } from 'vitest/config'

// @dev graphql 17 exports a `development` build; Vite resolves it for our sources while graphql-yoga, loaded by
// Node, gets the default build. Two copies of graphql break `instanceof GraphQLError` (errors become masked
// "Unexpected error."), so the test environment resolves without the `development` condition, as Node does.
const conditions = ['@nexus/source', 'module', 'node']

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/_test/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
})
