import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

// Source messages are written in English in the code; zh-Hant is the default language of the product.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh-Hant', 'en'],
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '**/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
