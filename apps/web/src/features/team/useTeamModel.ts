import { useMemo } from 'react'
import { burnAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { ok, useNamedChainReads } from '../../data/ChainData.tsx'
import { useIndexedQuery } from '../../data/indexer.ts'
import { TEAM } from '../../data/teamQueries.ts'
import type { TeamData } from '../../data/teamQueries.ts'
import { teamModel } from './teamModel.ts'
import type { TeamModel } from './teamModel.ts'

/** The reads of `/team` (Burn's team view, thresholds and depth; the indexer's tree) and its model. */
export function useTeamModel(burn: Address, account: Address): TeamModel {
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          team: { address: burn, abi: burnAbi, functionName: 'teams', args: [account] },
          multi: { address: burn, abi: burnAbi, functionName: 'getConfigMulti' },
          depth: { address: burn, abi: burnAbi, functionName: 'TEAM_DEPTH' },
        }) as const,
      [burn, account],
    ),
  )
  const [indexed] = useIndexedQuery<TeamData>({ query: TEAM, variables: { account: account.toLowerCase() } })
  return teamModel({
    account,
    origin: window.location.origin,
    team: ok(data?.team),
    multi: ok(data?.multi),
    depth: ok(data?.depth),
    summary: indexed.data?.team,
  })
}
