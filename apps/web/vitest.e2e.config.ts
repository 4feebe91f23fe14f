import { defineProject } from 'vitest/config'

// Browser tests: Debian Chromium driven by playwright-core against the built app (see e2e/globalSetup.ts).
export default defineProject({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./e2e/globalSetup.ts'],
    // One browser at a time: the machine has two cores and the tests measure real page behaviour.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
