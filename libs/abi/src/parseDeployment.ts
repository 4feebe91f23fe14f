import type { DeploymentFile } from './types.ts'

/** Thrown by {@link parseDeploymentFile} when a deployments file is not what the deploy step writes. */
export class DeploymentFileError extends Error {
  override name = 'DeploymentFileError' as const
}

/**
 * The contracts every app needs on a chain (the web, the indexer, the legacy API and the keeper read them).
 * The deploy step writes them all; a file without one of them is from an unfinished or foreign deployment.
 */
export const requiredContracts = [
  'Main',
  'Token',
  'USDT',
  'Router',
  'Pair',
  'Ido',
  'Nft',
  'Burn',
  'Log',
  'Stake',
  'Mining',
  'Fomo',
  'SuperFomo',
  'Double',
  'Info',
] as const

export type ParseDeploymentOptions = {
  /** The chain the file must be for (its `chainId` field). */
  chainId: number
  /** Where the content came from (a path), named in every error. */
  source: string
  /** Contract names that must be present (default {@link requiredContracts}). */
  required?: readonly string[]
}

/**
 * Checks the content of a `deployments/<chainId>.json` (already JSON-parsed): the chain id, and an address and a
 * deployment block for every required contract. Throws a {@link DeploymentFileError} that names the source and the
 * field at fault, so a build or a service start fails with a message an operator can act on.
 *
 * @example
 * const deployment = parseDeploymentFile(JSON.parse(readFileSync(path, 'utf8')), { chainId: 97, source: path })
 */
export function parseDeploymentFile(value: unknown, options: ParseDeploymentOptions): DeploymentFile {
  const { chainId, source, required = requiredContracts } = options
  const fail = (message: string): never => {
    throw new DeploymentFileError(`${source}: ${message}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('not a deployments file (no object)')
  const file = value as { chainId?: unknown; contracts?: unknown }
  if (file.chainId !== chainId) fail(`is for chain ${String(file.chainId)}, not for chain ${chainId}`)
  if (typeof file.contracts !== 'object' || file.contracts === null || Array.isArray(file.contracts)) {
    fail('has no "contracts" object')
  }
  const contracts: DeploymentFile['contracts'] = {}
  for (const [name, entry] of Object.entries(file.contracts as Record<string, unknown>)) {
    const { address, blockNumber, transactionHash } = (entry ?? {}) as Record<string, unknown>
    if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address) || /^0x0{40}$/.test(address)) {
      fail(`contracts.${name}.address must be a non-zero address (got ${JSON.stringify(address)})`)
    }
    if (typeof blockNumber !== 'number' || !Number.isSafeInteger(blockNumber) || blockNumber < 0) {
      fail(`contracts.${name}.blockNumber must be a block number (got ${JSON.stringify(blockNumber)})`)
    }
    if (
      transactionHash !== undefined &&
      (typeof transactionHash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(transactionHash))
    ) {
      fail(`contracts.${name}.transactionHash must be a transaction hash (got ${JSON.stringify(transactionHash)})`)
    }
    contracts[name] = {
      address: address as `0x${string}`,
      blockNumber: blockNumber as number,
      ...(transactionHash === undefined ? {} : { transactionHash: transactionHash as `0x${string}` }),
    }
  }
  const missing = required.filter((name) => !contracts[name])
  if (missing.length > 0) fail(`lacks ${missing.join(', ')} (deploy every contract first)`)
  return { chainId, contracts }
}
