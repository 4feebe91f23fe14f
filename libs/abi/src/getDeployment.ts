import { deployments as generated } from './generated/deployments.ts'
import type { DeploymentFile } from './types.ts'

/** Thrown by {@link getDeployment} when no deployments file exists for a chain. */
export class UnknownChainError extends Error {
  override name = 'UnknownChainError' as const
  readonly chainId: number
  readonly knownChainIds: readonly number[]

  constructor(chainId: number, knownChainIds: readonly number[]) {
    super(
      `No deployment is known for chain ${chainId}. Known chains: ${knownChainIds.length ? knownChainIds.join(', ') : 'none'}. ` +
        'Deploy the contracts to that chain (they write libs/abi/deployments/<chainId>.json), then regenerate this package.',
    )
    this.chainId = chainId
    this.knownChainIds = knownChainIds
  }
}

/** Thrown by {@link getContractDeployment} when a chain's deployment lacks a contract. */
export class UnknownContractError extends Error {
  override name = 'UnknownContractError' as const
  constructor(chainId: number, contract: string, known: readonly string[]) {
    super(`Contract "${contract}" is not deployed on chain ${chainId}. Deployed there: ${known.join(', ') || 'none'}.`)
  }
}

/**
 * Returns the addresses and deployment blocks of every contract on `chainId`.
 *
 * @example
 * const { contracts } = getDeployment(31337)
 * console.log(contracts.Main.address, contracts.Main.blockNumber)
 */
export function getDeployment(
  chainId: number,
  deployments: Readonly<Record<number, DeploymentFile>> = generated,
): DeploymentFile {
  const deployment = deployments[chainId]
  if (!deployment) throw new UnknownChainError(chainId, Object.keys(deployments).map(Number))
  return deployment
}

/**
 * Returns one contract's address and deployment block on `chainId`.
 *
 * @example
 * const main = getContractDeployment(31337, 'Main')
 */
export function getContractDeployment(
  chainId: number,
  contract: string,
  deployments: Readonly<Record<number, DeploymentFile>> = generated,
) {
  const { contracts } = getDeployment(chainId, deployments)
  const found = contracts[contract]
  if (!found) throw new UnknownContractError(chainId, contract, Object.keys(contracts))
  return found
}
