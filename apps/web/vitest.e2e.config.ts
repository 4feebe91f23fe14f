import { defineProject } from 'vitest/config'
import { defaultServerConditions } from 'vite'

// Browser tests: Debian Chromium driven by playwright-core against the built app (see e2e/globalSetup.ts).
export default defineProject({
  resolve: { conditions: ['@nexus/source', ...defaultServerConditions] },
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./e2e/globalSetup.ts'],
    // One browser at a time: the machine has two cores and the tests measure real page behaviour.
    fileParallelism: false,
    testTimeout: 60_000,
    // The setup starts the local product and builds the app twice.
    hookTimeout: 600_000,
  },
})
