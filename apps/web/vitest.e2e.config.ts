import { defineProject } from 'vitest/config'
import { defaultServerConditions } from 'vite'

// Browser tests: Debian Chromium driven by playwright-core against the built app (see e2e/globalSetup.ts).
export default defineProject({
  resolve: { conditions: ['@nexus/source', ...defaultServerConditions] },
  // The tests run in Vite's server (ssr) environment: workspace packages resolve to their sources there too, so a
  // fresh clone (no libs' dist/) runs them.
  ssr: {
    resolve: { conditions: ['@nexus/source', ...defaultServerConditions], externalConditions: ['@nexus/source'] },
  },
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
