import type { Address } from 'viem'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import type { PagePath } from '../../lib/pages.ts'

/** The two deployments of the Fomo contract: the FOM pool and the super FOM pool (same ABI, own config). */
export type PoolName = 'Fomo' | 'SuperFomo'

/** The pages of each pool: the round game, the own participation, the team. */
export const POOL_PAGES: Record<PoolName, { game: PagePath; mine: PagePath; team: PagePath }> = {
  Fomo: { game: '/fomo', mine: '/fomoMine', team: '/fomoTeam' },
  SuperFomo: { game: '/superFom', mine: '/superFomMine', team: '/superFomTeam' },
}

export function poolTabs(pool: PoolName): readonly PagePath[] {
  const pages = POOL_PAGES[pool]
  return [pages.game, pages.mine, pages.team]
}

/** The addresses a pool page works with, or undefined when the pool (or a token) is not deployed. */
export function poolContracts(
  pool: PoolName,
): { pool: Address; usdt: Address; nex: Address; double: Address | undefined; pair: Address | undefined } | undefined {
  const contracts = contractsOf(env.chainId)
  const address = contracts[pool]
  if (!address || !contracts.USDT || !contracts.Token) return undefined
  return { pool: address, usdt: contracts.USDT, nex: contracts.Token, double: contracts.Double, pair: contracts.Pair }
}
