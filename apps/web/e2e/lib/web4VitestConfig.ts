import { defineProject } from 'vitest/config'
import { defaultServerConditions } from 'vite'

// The browser tests of the admin screens and the transparency page against a running stack, with a private build
// folder (see web4GlobalSetup.ts). Run from apps/web:
//   E2E_RPC_URL=… E2E_GRAPHQL_URL=… npx vitest run --config e2e/lib/web4VitestConfig.ts
export default defineProject({
  root: new URL('../..', import.meta.url).pathname,
  resolve: { conditions: ['@nexus/source', ...defaultServerConditions] },
  // As in vitest.e2e.config.ts: the tests run in Vite's server (ssr) environment, where workspace packages
  // resolve to their sources too.
  ssr: {
    resolve: { conditions: ['@nexus/source', ...defaultServerConditions], externalConditions: ['@nexus/source'] },
  },
  test: {
    // WEB4_E2E_FILES (comma-separated) runs other files that only need baseUrl and rpcUrl, e.g. the shell's.
    include: process.env.WEB4_E2E_FILES?.split(',') ?? ['e2e/admin.e2e.test.ts', 'e2e/transparency.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./e2e/lib/web4GlobalSetup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 600_000,
  },
})
