import { defineProject } from 'vitest/config'

// Tests run in Vite's server-side environment, which reads `ssr.resolve.conditions` (not `resolve.conditions`).
const conditions = ['@nexus/source']

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: { include: ['src/**/*.test.ts'] },
})
