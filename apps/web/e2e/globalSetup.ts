import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { TestProject } from 'vitest/node'
import { E2E_MANAGER } from './lib/accounts.ts'
import { E2E_EXPLORER_URL, serveApp, webRoot } from './lib/appServer.ts'
import { prepareAccounts } from './lib/chain.ts'
import { freePort } from './lib/freePort.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test build (development wallet included), e.g. http://127.0.0.1:41234 */
    baseUrl: string
    /** The production build of the same stack (no development wallet). */
    prodUrl: string
    /** Where the production build lies (for the bundle checks). */
    prodDir: string
    /** The local chain's JSON-RPC endpoint, the indexer's GraphQL endpoint and the legacy API. */
    rpcUrl: string
    graphqlUrl: string
    legacyUrl: string
    /** The stack's keeper (KEEPER_UPKEEPS=false), or '' when testing against a running product. */
    keeperUrl: string
  }
}

type Stack = { urls: { rpc: string; graphql: string; legacy: string; keeper?: string }; stop(): Promise<void> }
type StartLocalProduct = (options: Record<string, unknown>) => Promise<Stack>

/** The local product's supervisor (scripts/lib/stack.mjs, a repository script rather than a package). */
async function loadStack(): Promise<StartLocalProduct> {
  const file = pathToFileURL(join(webRoot, '..', '..', 'scripts', 'lib', 'stack.mjs')).href
  const module = (await import(file)) as { startLocalProduct: StartLocalProduct }
  return module.startLocalProduct
}

/** Timing of the setup steps, written next to the test results for the budgets script. */
const timings: Record<string, number> = {}
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  try {
    return await work()
  } finally {
    timings[name] = Date.now() - started
  }
}

/**
 * Starts the local product on free ports (or uses the one at E2E_RPC_URL) (chain with deployed and seeded contracts, database, indexer, legacy
 * API), prepares the test accounts on the chain, then builds the app twice against it: the test build with the
 * development wallet (VITE_DEV_WALLET=true) and the production build, and serves both with `vite preview`.
 */
export default async function setup(project: TestProject) {
  // E2E_RPC_URL (+ E2E_GRAPHQL_URL): test against a running local product instead of starting one.
  const external = process.env.E2E_RPC_URL
  // The two builds' ports are chosen first: the legacy API accepts calls and sign-ins from their origins only.
  // (E2E_APP_PORT and E2E_PROD_PORT: the ports a running product's legacy API was started to accept.)
  const appPort = Number(process.env.E2E_APP_PORT) || (await freePort())
  let prodPort = Number(process.env.E2E_PROD_PORT) || (await freePort())
  while (prodPort === appPort) prodPort = await freePort()
  const stack: Stack = external
    ? {
        urls: {
          rpc: external,
          graphql: process.env.E2E_GRAPHQL_URL ?? 'http://127.0.0.1:4000/graphql',
          legacy: process.env.E2E_LEGACY_URL ?? 'http://127.0.0.1:4100',
        },
        stop: async () => undefined,
      }
    : await timed('stack', async () =>
        (await loadStack())({
          ports: 'free',
          web: false,
          seed: true,
          // the keeper pays legacy withdrawals but runs no upkeeps: the tests set up
          // the states they check (e.g. expired orders waiting in Burn's queue) and would race its upkeep
          keeper: 'withdrawals',
          // the deployer stays the owner: many browser tests set their state up and restore it with direct owner
          // calls (ownerWrite); the admin screens schedule through the Timelock when it owns a contract, which
          // e2e/timelock.e2e.test.ts checks by handing Mining to the Timelock and back
          timelock: false,
          webOrigins: [`http://127.0.0.1:${appPort}`, `http://127.0.0.1:${prodPort}`],
          // Under Nx (`npm test`: web:e2e depends on every generate target and contracts:build) the generated code
          // is there already, and a nested Nx run would restore cached outputs under the other tasks running now.
          generate: process.env.NX_TASK_TARGET_PROJECT === undefined,
          quiet: true,
          log: () => undefined,
        }),
      )
  try {
    await timed('accounts', () => prepareAccounts(stack.urls.rpc))
    const env = {
      VITE_CHAIN_ID: '31337',
      VITE_RPC_URL: stack.urls.rpc,
      VITE_GRAPHQL_URL: stack.urls.graphql,
      VITE_LEGACY_API_URL: stack.urls.legacy,
      VITE_EXTRA_MANAGERS: E2E_MANAGER,
    }
    const prodDir = '../../dist/web-e2e-prod'
    // The test build links transactions to a (stand-in) block explorer, as a build with a local explorer would;
    // the production build of the local chain has none and shows no links (e2e/transactions.e2e.test.ts).
    const app = await timed('test build', () =>
      serveApp({ env: { ...env, VITE_DEV_WALLET: 'true', VITE_EXPLORER_URL: E2E_EXPLORER_URL }, port: appPort }),
    )
    const prod = await timed('production build', () => serveApp({ env, outDir: prodDir, port: prodPort }))
    project.provide('baseUrl', app.url)
    project.provide('prodUrl', prod.url)
    project.provide('prodDir', join(webRoot, prodDir))
    project.provide('rpcUrl', stack.urls.rpc)
    project.provide('graphqlUrl', stack.urls.graphql)
    project.provide('legacyUrl', stack.urls.legacy)
    project.provide('keeperUrl', stack.urls.keeper ?? '')
    const results = join(webRoot, '..', '..', 'dist', 'test-results')
    mkdirSync(results, { recursive: true })
    writeFileSync(join(results, 'web-e2e-setup.json'), JSON.stringify(timings, null, 2) + '\n')
    return async () => {
      await app.close()
      await prod.close()
      await stack.stop()
    }
  } catch (error) {
    await stack.stop()
    throw error
  }
}
