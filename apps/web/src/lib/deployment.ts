import { getDeployment } from '@nexus/abi'
import type { DeploymentFile } from '@nexus/abi'

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
