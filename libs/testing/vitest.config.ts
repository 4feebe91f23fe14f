import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@nexus/source'] },
  test: { include: ['src/**/*.test.ts'] },
})
