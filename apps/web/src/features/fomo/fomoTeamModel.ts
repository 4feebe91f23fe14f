import { useMemo } from 'react'
import { fomoAbi } from '@nexus/abi'
import type { Address, ContractFunctionReturnType } from 'viem'
import { ok, useNamedChainReads } from '../../data/ChainData.tsx'
import { useIndexedQuery } from '../../data/indexer.ts'
import { ACCOUNT_EVENTS } from '../../data/recordQueries.ts'
import type { AccountEventsData } from '../../data/recordQueries.ts'
import { useReader } from '../../components/blocks/records/RecordParts.tsx'
import type { FomoUser } from './fomoMineModel.ts'
import type { FomoConfigMulti } from './fomoGameModel.ts'
import type { PoolName } from './pool.ts'

/** An account's team in a pool (`Fomo.teams`). */
export type FomoTeam = ContractFunctionReturnType<typeof fomoAbi, 'view', 'teams'>
/** One team reward event from the index. */
export type TeamRewardEvent = AccountEventsData['accountEvents']['nodes'][number]

/** Invitees read from the contract's paged view. */
export const INVITES_SHOWN = 50n
/** Team reward events summed per level (the indexer's largest page). */
export const TEAM_EVENTS = 100
/** The latest team rewards listed. */
export const REWARDS_LISTED = 20
/** The four team levels (V1..V4). */
const LEVELS = [1, 2, 3, 4] as const

/**
 * Team rewards summed by level (1..4) from the indexer's `TeamRewarded` events (their typed `level`).
 *
 * @example
 * teamRewardsByLevel([{ amount: '5', level: 2 }]) // [0n, 5n, 0n, 0n]
 */
export function teamRewardsByLevel(events: readonly { amount: string; level?: number | null }[]): bigint[] {
  const sums = [0n, 0n, 0n, 0n]
  for (const { amount, level } of events) {
    if (level && level >= 1 && level <= 4) sums[level - 1] = (sums[level - 1] ?? 0n) + BigInt(amount)
  }
  return sums
}

/** A team reward event's level when it is one of the four (else none). */
export function rewardLevel(level: number | null | undefined): number | undefined {
  return level && level >= 1 && level <= 4 ? level : undefined
}

/** What the page's model is derived from. */
export type FomoTeamInput = {
  account: Address | undefined
  /** Whether the chain reads have answered at all. */
  answered: boolean
  team: FomoTeam | undefined
  user: FomoUser | undefined
  multi: FomoConfigMulti | undefined
  invites: { result: readonly Address[] | undefined; failed: boolean }
  /** The account's `TeamRewarded` events in the pool (`nodes` undefined until the index answered). */
  events: { fetching: boolean; error: boolean; nodes: readonly TeamRewardEvent[] | undefined }
}

/** One of the four team levels with the account's rewards at it. */
export type TeamLevel = {
  level: number
  /** The team amount that reaches it. */
  from: bigint | undefined
  rateBps: bigint | undefined
  /** Whether it is the account's level. */
  reached: boolean
  /** The account's rewards at it (undefined while the index answers or without an account). */
  rewards: bigint | undefined
}

/** The page's model: what `/fomoTeam` and `/superFomTeam` show. */
export type FomoTeamModel = {
  connected: boolean
  team: FomoTeam | undefined
  user: FomoUser | undefined
  /** The account's level (0..4), undefined while read. */
  level: number | undefined
  levels: TeamLevel[]
  levelsError: boolean
  invites: { loading: boolean; error: boolean; list: readonly Address[] }
  rewards: { fetching: boolean; error: boolean; events: readonly TeamRewardEvent[] }
}

/** The page's model from its reads (pure: unit-tested without a browser). */
export function fomoTeamModel(input: FomoTeamInput): FomoTeamModel {
  const { account, team, multi, events } = input
  const level = team ? Number(team.level) : undefined
  const byLevel = teamRewardsByLevel(events.nodes ?? [])
  return {
    connected: account !== undefined,
    team,
    user: input.user,
    level,
    levels: LEVELS.map((at) => ({
      level: at,
      from: multi?.teamAmounts[at - 1],
      rateBps: multi?.teamRates[at - 1],
      reached: level === at,
      rewards: account && events.nodes ? byLevel[at - 1] : undefined,
    })),
    levelsError: events.error,
    invites: {
      loading: account !== undefined && !input.answered,
      error: input.invites.failed,
      list: account ? (input.invites.result ?? []) : [],
    },
    rewards: {
      fetching: events.fetching,
      error: events.error,
      events: account ? (events.nodes ?? []) : [],
    },
  }
}

/** Gathers the page's reads (chain and index) and derives its model with {@link fomoTeamModel}. */
export function useFomoTeamModel(pool: PoolName, address: Address): FomoTeamModel {
  const { account, who } = useReader()
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          team: { address, abi: fomoAbi, functionName: 'teams', args: [who] },
          user: { address, abi: fomoAbi, functionName: 'users', args: [who] },
          multi: { address, abi: fomoAbi, functionName: 'getConfigMulti' },
          invites: { address, abi: fomoAbi, functionName: 'getInvites', args: [who, 0n, INVITES_SHOWN] },
        }) as const,
      [address, who],
    ),
  )
  const [events] = useIndexedQuery<AccountEventsData>({
    query: ACCOUNT_EVENTS,
    variables: { account: who.toLowerCase(), contract: pool, kind: 'TeamRewarded', first: TEAM_EVENTS },
    pause: !account,
  })
  return fomoTeamModel({
    account,
    answered: data !== undefined,
    team: account ? ok(data?.team) : undefined,
    user: account ? ok(data?.user) : undefined,
    multi: ok(data?.multi),
    invites: { result: ok(data?.invites)?.[0], failed: data?.invites?.status === 'failure' },
    events: { fetching: events.fetching, error: events.error !== undefined, nodes: events.data?.accountEvents.nodes },
  })
}
