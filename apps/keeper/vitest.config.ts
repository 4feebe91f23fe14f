import { defineProject } from 'vitest/config'

const conditions = ['@nexus/source', 'module', 'node']

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/_test/globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // the tests share one chain per file and time-travel it: run the files one after another
    fileParallelism: false,
  },
})
