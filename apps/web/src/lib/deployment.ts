import { getDeployment } from '@nexus/abi'
import type { DeploymentFile } from '@nexus/abi'
import type { Address } from 'viem'
import { env } from './env.ts'

/**
 * The deployment of `chainId` this app works with, or undefined when none is known (pages then say "not deployed
 * on this network"). BSC and BSC testnet builds carry the deployments file they were built from, and nothing else;
 * local builds read `@nexus/abi`'s generated deployments, which the local stack regenerates on every deploy.
 *
 * @example
 * appDeployment(97)?.contracts.Main?.address
 */
export function appDeployment(chainId: number): DeploymentFile | undefined {
  // `__APP_DEPLOYMENT__` (scripts/lib/chainBuild.ts) is a literal: the bundler drops the branch not taken, so a public
  // chain's build carries none of the generated deployments (read it here only, not through a variable: then it
  // would not)
  if (__APP_DEPLOYMENT__ !== null) return __APP_DEPLOYMENT__.chainId === chainId ? __APP_DEPLOYMENT__ : undefined
  try {
    return getDeployment(chainId)
  } catch {
    return undefined
  }
}

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
  | 'Payouts'
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
