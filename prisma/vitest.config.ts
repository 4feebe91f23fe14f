import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@nexus/source'] },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/globalSetup.ts'],
    // The schema engine replays migrations on shadow databases: slower than a unit test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
