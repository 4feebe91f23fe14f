import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@nexus/source'] },
  test: {
    include: ['src/**/*.test.ts'],
    // Compiles the test-only contracts and starts a real Hardhat node for the chain tests.
    globalSetup: ['src/_test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
