import { defineProject } from 'vitest/config'

// Workspace packages resolve to their TypeScript sources through the `@nexus/source` export condition. Tests
// run in Vite's server-side environment, which reads `ssr.resolve.conditions` (not `resolve.conditions`).
const conditions = ['@nexus/source']

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.ts'],
    // Compiles the test-only contracts and starts a real Hardhat node for the chain tests.
    globalSetup: ['src/_test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
