import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@nexus/source'] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/testSetup.ts'],
  },
})
