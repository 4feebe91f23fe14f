import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

const testFiles = ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '**/routeTree.gen.ts']

// Source messages are written in English in the code; zh-Hant is the default language of the product.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh-Hant', 'en'],
  fallbackLocales: false,
  // The shell's catalog, plus one catalog per feature folder (src/features/<name>/locales/<locale>.po) and per shared
  // block (src/components/blocks/<name>/locales/<locale>.po), so that work on different pages never edits the same
  // catalog and a page loads only what it shows. The app loads and merges them (src/lib/i18n.ts).
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...testFiles, '<rootDir>/src/features/**', '<rootDir>/src/components/blocks/**'],
    },
    {
      path: '<rootDir>/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/features/{name}/'],
      exclude: testFiles,
    },
    {
      path: '<rootDir>/src/components/blocks/{name}/locales/{locale}',
      include: ['<rootDir>/src/components/blocks/{name}/'],
      exclude: testFiles,
    },
  ],
  format: formatter({ lineNumbers: false }),
})
