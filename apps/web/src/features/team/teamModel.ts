import type { burnAbi } from '@nexus/abi'
import { teamLevelLabel } from '@nexus/sdk'
import { zeroAddress } from 'viem'
import type { Address, ContractFunctionReturnType } from 'viem'
import { nextLevel, shortAccount } from '../../components/blocks/account/figures.ts'
import { inviteLink } from '../../data/teamQueries.ts'
import type { TeamData } from '../../data/teamQueries.ts'

export type BurnTeam = ContractFunctionReturnType<typeof burnAbi, 'view', 'teams'>
export type BurnConfigMulti = ContractFunctionReturnType<typeof burnAbi, 'view', 'getConfigMulti'>

export type TeamInput = {
  account: Address
  /** The app's origin, for the invite link. */
  origin: string
  /** Burn's view of the account's team, its level thresholds, and how many generations count for the level. */
  team: BurnTeam | undefined
  multi: BurnConfigMulti | undefined
  depth: bigint | undefined
  /** The indexer's whole referral tree (every generation). */
  summary: TeamData['team'] | undefined
}

/** What the line under the counted figures says about the next level. */
export type NextLevelNote =
  { kind: 'unknown' } | { kind: 'needs'; label: string; threshold: bigint; missing: bigint } | { kind: 'highest' }

export type TeamModel = {
  /** The level's label (V0 by default). */
  levelLabel: string
  /** The generations Burn counts for the level, as shown ("—" until read). */
  generations: string
  summary: TeamData['team'] | undefined
  teamVolume: bigint | undefined
  team: BurnTeam | undefined
  /** The invitee at the head of the largest leg, shortened; undefined when there is none. */
  largestLegInvitee: string | undefined
  next: NextLevelNote
  isManual: boolean
  inviteLink: string
}

/**
 * `/team` from Burn's reads and the indexer's tree: the level (V0 by default), the counted figures, the next
 * level's threshold on the volume outside the largest leg and what is missing to it, and the invite link.
 */
export function teamModel({ account, origin, team, multi, depth, summary }: TeamInput): TeamModel {
  const level = team?.level ?? 0n
  const next = team && multi ? nextLevel(level, team.teamMin, multi.teamAmounts) : undefined
  return {
    levelLabel: teamLevelLabel(level),
    generations: depth === undefined ? '—' : depth.toString(),
    summary,
    teamVolume: summary ? BigInt(summary.teamVolume) : undefined,
    team,
    largestLegInvitee: team && team.maxAccount !== zeroAddress ? shortAccount(team.maxAccount) : undefined,
    next:
      !team || !multi
        ? { kind: 'unknown' }
        : next
          ? { kind: 'needs', label: teamLevelLabel(next.level), threshold: next.threshold, missing: next.missing }
          : { kind: 'highest' },
    isManual: team?.isManual ?? false,
    inviteLink: inviteLink(origin, account),
  }
}
