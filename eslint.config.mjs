// One ESLint config for every TypeScript project. Formatting is Prettier's job (eslint-config-prettier
// turns the conflicting rules off); Solidity is linted by solhint.
import nx from '@nx/eslint-plugin'
import prettier from 'eslint-config-prettier'

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
]
