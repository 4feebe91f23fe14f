// What a build of the web app is for, decided from the environment alone (vite.config.ts): on BSC (56) and BSC
// testnet (97) the build takes its contracts from the chain's deployments file, needs the operator's RPC URLs and
// indexer URL, and never contains the development wallet; anything missing stops the build with a message that
// names the variable or the file. Local builds keep reading `@nexus/abi`'s generated deployments.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
// The source file, not the package: Vite loads this config before any `@nexus/source` condition applies, and the
// package's built entry may not exist yet (the browser tests build the app from a tree without libs' dist/).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { parseDeploymentFile } from '../../../../libs/abi/src/parseDeployment.ts'
import type { DeploymentFile } from '@nexus/abi'
import { parseEnv } from '../../src/lib/parseEnv.ts'

/** Chains with real value: built from their deployments file, no development wallet. */
export const PUBLIC_CHAINS: Readonly<Record<number, string>> = { 56: 'BNB Smart Chain', 97: 'BNB Smart Chain testnet' }

export class ChainBuildError extends Error {
  override name = 'ChainBuildError' as const
}

export type ChainBuild = {
  chainId: number
  /** Whether the development wallet is in the build (dev server and local test builds only). */
  devWallet: boolean
  /** The checked deployments file of a public chain (`__APP_DEPLOYMENT__`); null on a local chain. */
  deployment: DeploymentFile | null
}

/**
 * Checks the build settings (`VITE_*` and `DEPLOYMENTS_FILE`) and reads the deployment of a public chain.
 * `DEPLOYMENTS_FILE` (resolved from the current folder) replaces `libs/abi/deployments/<chainId>.json`.
 *
 * @example
 * resolveChainBuild({ VITE_CHAIN_ID: '97', VITE_RPC_URL: 'https://a/rpc,https://b/rpc', VITE_GRAPHQL_URL: 'https://i/graphql' },
 *   { command: 'build', workspaceRoot: '/repo' })
 */
export function resolveChainBuild(
  raw: Readonly<Record<string, string | undefined>>,
  { command, workspaceRoot }: { command: 'build' | 'serve'; workspaceRoot: string },
): ChainBuild {
  const env = parseEnv(raw)
  const devWallet = command === 'serve' || raw.VITE_DEV_WALLET === 'true'
  const name = PUBLIC_CHAINS[env.chainId]
  if (name === undefined) return { chainId: env.chainId, devWallet, deployment: null }

  const fail = (message: string): never => {
    throw new ChainBuildError(`Web build for chain ${env.chainId} (${name}): ${message}`)
  }
  if (raw.VITE_DEV_WALLET === 'true') fail('VITE_DEV_WALLET=true is for the local chain only; unset it')
  if (!raw.VITE_RPC_URL?.trim()) {
    fail("set VITE_RPC_URL to the chain's JSON-RPC endpoints (https, several comma-separated, tried in order)")
  }
  for (const url of env.rpcUrls) if (!url.startsWith('https:')) fail(`the RPC URL ${url} must use https`)
  if (!raw.VITE_GRAPHQL_URL?.trim()) fail("set VITE_GRAPHQL_URL to the indexer's GraphQL endpoint (https)")
  if (!env.graphqlUrl.startsWith('https:')) fail(`VITE_GRAPHQL_URL ${env.graphqlUrl} must use https`)
  if (!raw.VITE_LEGACY_API_URL?.trim()) fail("set VITE_LEGACY_API_URL to the legacy API's origin (https; sign-in)")
  if (!env.legacyApiUrl.startsWith('https:')) fail(`VITE_LEGACY_API_URL ${env.legacyApiUrl} must use https`)

  const file = raw.DEPLOYMENTS_FILE?.trim()
    ? resolve(raw.DEPLOYMENTS_FILE.trim())
    : join(workspaceRoot, 'libs', 'abi', 'deployments', `${env.chainId}.json`)
  if (!existsSync(file)) {
    fail(`no deployments file at ${file}: deploy the contracts (contracts/README.md, runbook) or set DEPLOYMENTS_FILE`)
  }
  let content: unknown
  try {
    content = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    fail(`${file} is not JSON (${(error as Error).message})`)
  }
  try {
    return {
      chainId: env.chainId,
      devWallet: false,
      deployment: parseDeploymentFile(content, { chainId: env.chainId, source: file }),
    }
  } catch (error) {
    return fail((error as Error).message)
  }
}
