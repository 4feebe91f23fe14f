import { defineProject } from 'vitest/config'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { defaultClientConditions } from 'vite'

// Unit and component tests (jsdom). The browser tests have their own config: vitest.e2e.config.ts.
export default defineProject({
  define: { __DEV_WALLET__: 'false', __APP_DEPLOYMENT__: 'null' },
  plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  resolve: { conditions: ['@nexus/source', ...defaultClientConditions] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/testSetup.ts'],
  },
})
