// Node-only helpers of `@nexus/abi` (`@nexus/abi/node`): how the services (indexer, legacy API, keeper) find the
// deployment they work with. The browser entry (`@nexus/abi`) stays free of `node:fs`.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { getDeployment, UnknownChainError } from './getDeployment.ts'
import { DeploymentFileError, parseDeploymentFile } from './parseDeployment.ts'

export { DeploymentFileError } from './parseDeployment.ts'
export { type ShutdownOptions, stopOnSignals } from './shutdown.ts'
export { type DependencyChecks, unreachableDependency } from './readiness.ts'
export {
  addressSetting,
  amountSetting,
  awaitsApproval,
  booleanSetting,
  databaseSettings,
  type Env,
  integerSetting,
  payoutCreditTypesSetting,
  type ReadReplicaSettings,
  readReplicaSettings,
  SettingsError,
  settingsOrExit,
  type WithdrawalPolicy,
  withdrawalPolicySetting,
} from './settings.ts'
import { SettingsError } from './settings.ts'
import type { DeploymentFile } from './types.ts'

/** BSC (56) and BSC testnet (97): chains with real value, where no local default may stand in for a setting. */
export const publicChainIds: readonly number[] = [56, 97]

export type LoadDeploymentOptions = {
  chainId: number
  /** `DEPLOYMENTS_FILE` (resolved from the current folder); unset: the deployments generated into this package. */
  file?: string | undefined
  /** Contracts the service needs (default every contract the apps use). */
  required?: readonly string[]
}

/**
 * The deployment a service works with: the file `DEPLOYMENTS_FILE` names, read and checked at start (so a built
 * service can be pointed at a chain deployed after it was built), else `libs/abi/deployments/<chainId>.json` as
 * generated into this package. Throws a {@link DeploymentFileError} naming the file or the missing chain.
 *
 * @example
 * const deployment = loadDeployment({ chainId: 97, file: process.env.DEPLOYMENTS_FILE })
 */
export function loadDeployment({ chainId, file, required }: LoadDeploymentOptions): DeploymentFile {
  if (file) {
    const path = resolve(file)
    if (!existsSync(path)) throw new DeploymentFileError(`DEPLOYMENTS_FILE ${path} does not exist`)
    let content: unknown
    try {
      content = JSON.parse(readFileSync(path, 'utf8'))
    } catch (error) {
      throw new DeploymentFileError(`DEPLOYMENTS_FILE ${path} is not JSON (${(error as Error).message})`)
    }
    return parseDeploymentFile(content, { chainId, source: path, ...(required ? { required } : {}) })
  }
  try {
    const deployment = getDeployment(chainId)
    return parseDeploymentFile(deployment, {
      chainId,
      source: `libs/abi/deployments/${chainId}.json`,
      ...(required ? { required } : {}),
    })
  } catch (error) {
    if (error instanceof UnknownChainError) {
      throw new DeploymentFileError(`${error.message} Or set DEPLOYMENTS_FILE to the chain's deployments file.`)
    }
    throw error
  }
}

/** The local chain's node, the default RPC URL of every service on chain 31337. */
export const LOCAL_RPC_URL = 'http://127.0.0.1:8545'

/**
 * A service's JSON-RPC endpoints from `RPC_URL`: one URL, or several (comma-separated) tried in order. The local
 * node is the default on the local chain only: on BSC and its testnet an unset `RPC_URL` is an error.
 *
 * @example
 * parseRpcUrls('https://a.example/rpc,https://b.example/rpc', 97) // ['https://a.example/rpc', 'https://b.example/rpc']
 */
export function parseRpcUrls(value: string | undefined, chainId: number): string[] {
  const raw = value?.split(/[\s,]+/).filter(Boolean) ?? []
  if (raw.length === 0) {
    if (publicChainIds.includes(chainId)) {
      throw new SettingsError(
        `RPC_URL is required on chain ${chainId}: the default ${LOCAL_RPC_URL} is the local chain's node`,
      )
    }
    return [LOCAL_RPC_URL]
  }
  for (const item of raw) {
    let protocol = ''
    try {
      protocol = new URL(item).protocol
    } catch {
      // reported below
    }
    if (protocol !== 'http:' && protocol !== 'https:') {
      throw new SettingsError(`RPC_URL must hold http(s) URLs, comma-separated (got "${item}")`)
    }
  }
  return [...new Set(raw)]
}

/**
 * Checks at start that every RPC URL serves `chainId` (a node of another chain would make a service read or send
 * on the wrong network); throws a {@link SettingsError} naming the URL.
 *
 * @example
 * await assertRpcChain(['https://data-seed-prebsc-1-s1.bnbchain.org:8545'], 97)
 */
export async function assertRpcChain(rpcUrls: readonly string[], chainId: number, timeoutMs = 15_000) {
  for (const url of rpcUrls) {
    let served: number
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const body = (await response.json()) as { result?: string }
      served = Number.parseInt(body.result ?? '', 16)
      if (!Number.isSafeInteger(served)) throw new Error(`answered ${JSON.stringify(body)}`)
    } catch (error) {
      throw new SettingsError(`The RPC endpoint ${url} does not answer eth_chainId (${(error as Error).message})`)
    }
    if (served !== chainId) {
      throw new SettingsError(`The RPC endpoint ${url} serves chain ${served}, but CHAIN_ID is ${chainId}`)
    }
  }
}
