import { join } from 'node:path'
import { defaultClientConditions, defineConfig, loadEnv } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { resolveChainBuild } from './scripts/lib/chainBuild.ts'

// Plugin order matters: the router plugin code-splits route files before React and the Lingui macro see them.
export default defineConfig(({ command, mode }) => {
  // The chain, its RPC URLs and, on BSC and BSC testnet, its deployments file; a missing or bad one stops the build.
  const chain = resolveChainBuild(loadEnv(mode, import.meta.dirname, ['VITE_', 'DEPLOYMENTS_FILE']), {
    command,
    workspaceRoot: join(import.meta.dirname, '..', '..'),
  })
  return {
    define: {
      // The development wallet exists in the dev server and in local test builds (VITE_DEV_WALLET=true) only: a
      // constant false lets the bundler drop its code from production builds (checked by e2e/devWallet.e2e.test.ts
      // and scripts/lib/chainBuild.test.ts).
      __DEV_WALLET__: JSON.stringify(chain.devWallet),
      __APP_DEPLOYMENT__: JSON.stringify(chain.deployment),
    },
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: './src/routes',
        generatedRouteTree: './src/routeTree.gen.ts',
        quoteStyle: 'single',
        semicolons: false,
        addExtensions: true,
      }),
      react(),
      babel({ presets: [linguiTransformerBabelPreset()] }),
      lingui({ failOnMissing: true, failOnCompileError: true }),
    ],
    resolve: { conditions: ['@nexus/source', ...defaultClientConditions] },
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // dist/.vite/manifest.json: which chunks each route needs (scripts/budgets.ts).
      manifest: true,
      rolldownOptions: {
        // The workspace libraries are free of import side effects (like viem, wagmi and urql, whose package.json say
        // so): the bundler may then link an import of their entry points straight to the module that defines the
        // name, so a page does not pull in everything else the barrel re-exports (e.g. toUserError and every
        // contract's error ABI, which lib/describeError.ts loads only when an error has to be explained).
        treeshake: {
          moduleSideEffects: (id) => (/[\\/]libs[\\/](sdk|abi)[\\/]src[\\/]/.test(id) ? false : undefined),
        },
        output: {
          // Libraries every page loads change less often than the app: separate chunks stay cached across releases.
          // No such group for viem/wagmi: a group takes in every module it matches, even those only lazy routes (or
          // viem's own dynamic imports) need, and all of it would join the first load (scripts/budgets.ts).
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
              {
                name: 'router',
                test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-store|store)[\\/]/,
                priority: 2,
              },
              // Everything else the entry loads statically, in one chunk: one file compresses better than the ~15
              // small shared chunks the automatic splitting makes of it (scripts/budgets.ts).
              { name: 'app', tags: ['$initial'], priority: 1 },
            ],
          },
        },
      },
    },
  }
})
