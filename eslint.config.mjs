// One ESLint config for every TypeScript project. Formatting is Prettier's job (eslint-config-prettier
// turns the conflicting rules off); Solidity is linted by solhint.
import nx from '@nx/eslint-plugin'
import boundaries from 'eslint-plugin-boundaries'
import prettier from 'eslint-config-prettier'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const rootPath = dirname(fileURLToPath(import.meta.url))

const chainAndWalletImports = [
  'viem',
  'viem/*',
  'wagmi',
  'wagmi/*',
  '@wagmi/*',
  'ethers',
  'ethers/*',
  '@nexus/sdk',
  '@nexus/abi',
  '@tanstack/react-query',
]

// The web app's layers, bottom to top: lib (pure helpers) < data (chain, indexer and legacy API access) < hooks <
// components (shared views) < features (one folder a screen) < routes and the app shell. A file may import its own
// layer and the layers below it, never one above; a feature imports no other feature (what two share moves down).
const webLayers = ['web-lib', 'web-data', 'web-hooks', 'web-components', 'web-feature', 'web-routes', 'web-app']
const webBelow = (layer) => webLayers.slice(0, webLayers.indexOf(layer))
// The web reads an event's arguments from the indexer's typed fields (paymentToken, creditKind, level, ...), never
// from its JSON `details`: neither a document that selects them nor a JSON.parse of them, so that a renamed argument
// fails the generation and the typecheck instead of showing 0 or false.
const webTypedEvents = {
  files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.object.name='JSON'][callee.property.name='parse'] Identifier[name=/details/i]",
        message: "Read the indexer's typed fields of the event, not JSON.parse of its details.",
      },
      {
        selector: "TaggedTemplateExpression[tag.name='gql'] TemplateElement[value.raw=/\\bdetails\\b/]",
        message: "Select the indexer's typed fields of the event, not its JSON details.",
      },
    ],
  },
}
// A page's view renders its model (`<page>Model.ts`: a pure function of plain reads, unit-tested, and a thin
// `use<Page>Model()` that gathers them): each component of a feature stays small enough to read at once.
const webSmallViews = {
  files: ['apps/web/src/features/**/*.tsx'],
  ignores: ['apps/web/src/features/**/*.test.tsx'],
  rules: {
    'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
  },
}
const webBoundaries = {
  files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': rootPath,
    'boundaries/include': ['apps/web/src/**/*'],
    'boundaries/elements': [
      { type: 'web-generated', pattern: 'apps/web/src/{generated,locales}' },
      { type: 'web-lib', pattern: 'apps/web/src/lib' },
      { type: 'web-data', pattern: 'apps/web/src/data' },
      { type: 'web-hooks', pattern: 'apps/web/src/hooks' },
      { type: 'web-components', pattern: 'apps/web/src/components' },
      { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
      { type: 'web-routes', pattern: 'apps/web/src/routes' },
      { type: 'web-app', pattern: 'apps/web/src' },
    ],
    'boundaries/files': [
      { category: 'test', pattern: '**/*.test.{ts,tsx}' },
      { category: 'generated', pattern: '**/routeTree.gen.ts' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          // Generated code (GraphQL types, catalogs, the route tree's types) is below every layer.
          { allow: { to: { element: { type: 'web-generated' } } } },
          { allow: { to: { file: { categories: 'generated' } } } },
          ...webLayers.map((layer) => ({
            from: { element: { type: layer } },
            allow: {
              to: {
                element: { types: { anyOf: layer === 'web-feature' ? webBelow(layer) : [layer, ...webBelow(layer)] } },
              },
            },
          })),
          // A test may set up any layer (the router, the app) around what it tests, but no other feature.
          {
            from: { file: { categories: 'test' } },
            allow: { to: { element: { types: { anyOf: webLayers.filter((layer) => layer !== 'web-feature') } } } },
          },
          {
            from: { element: { type: 'web-feature' } },
            allow: {
              to: { element: { type: 'web-feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
            },
          },
        ],
      },
    ],
  },
}

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  prettier,
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/generated',
      '**/artifacts',
      '**/cache',
      '**/types',
      '**/*.gen.ts',
      '**/locales/**/*.ts',
      '.tools',
      '.nx',
      '.data',
      'coverage',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.mjs', '**/*.js'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // apps may depend on libs; nothing may depend on an app (no constraint lists type:app)
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:sdk', 'scope:abi', 'scope:ui'] },
            {
              sourceTag: 'scope:indexer',
              onlyDependOnLibsWithTags: ['scope:sdk', 'scope:abi', 'scope:db', 'scope:testing'],
            },
            {
              sourceTag: 'scope:legacy-api',
              onlyDependOnLibsWithTags: ['scope:sdk', 'scope:abi', 'scope:db', 'scope:testing'],
            },
            {
              sourceTag: 'scope:keeper',
              onlyDependOnLibsWithTags: ['scope:sdk', 'scope:abi', 'scope:db', 'scope:testing'],
            },
            // the SDK is built on the ABIs; the ABIs are generated from the contracts' artifacts
            { sourceTag: 'scope:sdk', onlyDependOnLibsWithTags: ['scope:abi', 'scope:testing'] },
            { sourceTag: 'scope:abi', onlyDependOnLibsWithTags: ['type:contracts'] },
            // shared components know nothing of chains or wallets
            {
              sourceTag: 'scope:ui',
              onlyDependOnLibsWithTags: [],
              bannedExternalImports: chainAndWalletImports,
            },
            { sourceTag: 'scope:db', onlyDependOnLibsWithTags: [] },
            // test helpers (a local chain) for the other projects' tests and benchmarks
            { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: [] },
            // the workspace's own tests (scripts/test) may start a local chain
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['scope:testing'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
          ],
        },
      ],
      // Apps are not libraries: nothing imports one, by package name or by a path into apps/.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@nexus/web',
                '@nexus/web/*',
                '@nexus/indexer',
                '@nexus/indexer/*',
                '@nexus/legacy-api',
                '@nexus/legacy-api/*',
              ],
              message: 'Nothing may depend on an app; move shared code into a lib.',
            },
            {
              group: ['**/apps/*/**'],
              message: 'Nothing may import from another project by path; depend on a lib by its package name.',
            },
          ],
        },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  webBoundaries,
  webTypedEvents,
  webSmallViews,
]
