import type { TestProject } from 'vitest/node'
import { E2E_MANAGER } from './accounts.ts'
import { serveApp } from './appServer.ts'
import { prepareAccounts } from './chain.ts'

/**
 * A lighter setup for working on the admin and transparency browser tests while others run theirs on the same
 * machine: it uses an already running local product (E2E_RPC_URL, E2E_GRAPHQL_URL) and builds the test app into
 * a build folder of its own (dist/web4-e2e), so that another run's build cannot replace the app under test.
 * The standard setup (e2e/globalSetup.ts) stays the one of the integration runs.
 */
export default async function setup(project: TestProject) {
  const rpc = process.env.E2E_RPC_URL
  const graphql = process.env.E2E_GRAPHQL_URL
  if (!rpc || !graphql) throw new Error('web4GlobalSetup needs E2E_RPC_URL and E2E_GRAPHQL_URL of a running stack')
  await prepareAccounts(rpc)
  const app = await serveApp({
    env: {
      VITE_CHAIN_ID: '31337',
      VITE_RPC_URL: rpc,
      VITE_GRAPHQL_URL: graphql,
      VITE_EXTRA_MANAGERS: E2E_MANAGER,
      VITE_DEV_WALLET: 'true',
    },
    outDir: '../../dist/web4-e2e',
  })
  project.provide('baseUrl', app.url)
  project.provide('rpcUrl', rpc)
  project.provide('graphqlUrl', graphql)
  return async () => {
    await app.close()
  }
}
