import type { Address } from 'viem'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'

/** The two deployments of the Fomo contract: the FOM pool and the super FOM pool (same ABI, own config). */
export type PoolName = 'Fomo' | 'SuperFomo'

/** The addresses a pool page works with, or undefined when the pool (or a token) is not deployed. */
export function poolContracts(
  pool: PoolName,
): { pool: Address; usdt: Address; nex: Address; double: Address | undefined; pair: Address | undefined } | undefined {
  const contracts = contractsOf(env.chainId)
  const address = contracts[pool]
  if (!address || !contracts.USDT || !contracts.Token) return undefined
  return { pool: address, usdt: contracts.USDT, nex: contracts.Token, double: contracts.Double, pair: contracts.Pair }
}
