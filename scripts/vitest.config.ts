import { defineConfig } from 'vitest/config'

// Workspace packages (e.g. @nexus/testing) resolve to their TypeScript sources through the `@nexus/source` condition.
const conditions = ['@nexus/source']

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: { include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
})
