import type { Address } from 'viem'
import { appDeployment } from '../../lib/deployment.ts'
import { env } from '../../lib/env.ts'

/** The contracts the admin and transparency screens read, by their name in the deployment file. */
export type DeployedName =
  | 'Main'
  | 'Token'
  | 'USDT'
  | 'Nft'
  | 'Burn'
  | 'Ido'
  | 'Stake'
  | 'Mining'
  | 'Fomo'
  | 'SuperFomo'
  | 'Double'
  | 'Log'
  | 'Info'
  | 'Timelock'

/**
 * This chain's address of `name`, or undefined when it is not deployed there (the page then says so).
 *
 * @example
 * deployed('SuperFomo') // '0x…'
 */
export function deployed(name: DeployedName): Address | undefined {
  return deploymentOf(name)?.address
}

/** This chain's deployment of `name` (address and deployment block), or undefined when it is not deployed there. */
export function deploymentOf(name: DeployedName): { address: Address; blockNumber: number } | undefined {
  const contracts: Record<string, { address: Address; blockNumber: number } | undefined> | undefined = appDeployment(
    env.chainId,
  )?.contracts
  return contracts?.[name]
}
