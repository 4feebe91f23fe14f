import { requiredContracts } from '@nexus/abi'
import type { Address } from 'viem'
import { appDeployment } from './deployment.ts'

/** The contracts the web app talks to, by their name in `libs/abi/deployments/<chainId>.json` (one list, in @nexus/abi). */
export type ContractName = (typeof requiredContracts)[number]

export type AppContracts = Partial<Record<ContractName, Address>>

/**
 * The addresses of this chain's deployment; contracts not deployed (yet) are absent, and a chain without any
 * deployment gives an empty object, so that pages can say "not deployed on this network" instead of failing.
 *
 * @example
 * contractsOf(31337).Main // '0x…'
 */
export function contractsOf(chainId: number): AppContracts {
  const found: Record<string, { address: Address } | undefined> = appDeployment(chainId)?.contracts ?? {}
  const out: AppContracts = {}
  for (const name of requiredContracts) {
    const entry = found[name]
    if (entry) out[name] = entry.address
  }
  return out
}
