import { describe, expect, it } from 'vitest'
import type { Address } from 'viem'
import { fomoTeamModel, rewardLevel, teamRewardsByLevel } from './fomoTeamModel.ts'
import type { FomoTeam, FomoTeamInput, TeamRewardEvent } from './fomoTeamModel.ts'
import type { FomoConfigMulti } from './fomoGameModel.ts'

const me = '0x00000000000000000000000000000000000000aA' as Address
const friend = '0x00000000000000000000000000000000000000bB' as Address

const multi: FomoConfigMulti = {
  burnRates: [0n, 0n, 0n, 0n, 0n, 0n, 0n],
  teamRates: [500n, 1_000n, 1_500n, 2_000n],
  teamAmounts: [1_000n, 5_000n, 20_000n, 100_000n],
  stakeDays: [7n, 15n, 30n, 60n, 90n],
  stakeRates: [0n, 0n, 0n, 0n, 0n],
  stakeSurplus: [0n, 0n, 0n, 0n, 0n],
}

function team(level: bigint): FomoTeam {
  return {
    isManual: false,
    level,
    invites: 2n,
    inviteValids: 1n,
    teamUser: 3n,
    teamAmount: 6_000n,
    teamMax: 4_000n,
    teamMin: 2_000n,
    maxAccount: friend,
  }
}

function event(amount: string, level: number | null): TeamRewardEvent {
  return { kind: 'TeamRewarded', counterparty: friend, amount, level, timestamp: '1000', transactionHash: '0x01' }
}

function input(fields: Partial<FomoTeamInput> = {}): FomoTeamInput {
  return {
    account: me,
    answered: true,
    team: team(2n),
    user: undefined,
    multi,
    invites: { result: [friend], failed: false },
    events: { fetching: false, error: false, nodes: [event('5', 2), event('7', 2), event('1', 4), event('9', 0)] },
    ...fields,
  }
}

describe('the FOM team page model', () => {
  it('sums the team rewards by level, leaving out events without one of the four levels', () => {
    expect(teamRewardsByLevel([])).toEqual([0n, 0n, 0n, 0n])
    expect(teamRewardsByLevel([event('5', 2), event('3', null), event('4', 5), event('2', 1)])).toEqual([
      2n,
      5n,
      0n,
      0n,
    ])
    expect([rewardLevel(0), rewardLevel(null), rewardLevel(undefined), rewardLevel(5), rewardLevel(3)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      3,
    ])
  })

  it('shows the four levels with their thresholds, rates, the account’s level and its rewards at each', () => {
    const model = fomoTeamModel(input())
    expect(model.level).toBe(2)
    expect(model.levels).toEqual([
      { level: 1, from: 1_000n, rateBps: 500n, reached: false, rewards: 0n },
      { level: 2, from: 5_000n, rateBps: 1_000n, reached: true, rewards: 12n },
      { level: 3, from: 20_000n, rateBps: 1_500n, reached: false, rewards: 0n },
      { level: 4, from: 100_000n, rateBps: 2_000n, reached: false, rewards: 1n },
    ])
    expect(model.levelsError).toBe(false)
  })

  it('while the index answers: rewards unknown; a failed index is reported', () => {
    const loading = fomoTeamModel(input({ events: { fetching: true, error: false, nodes: undefined } }))
    expect(loading.levels.map((level) => level.rewards)).toEqual([undefined, undefined, undefined, undefined])
    expect(loading.rewards).toEqual({ fetching: true, error: false, events: [] })
    const failed = fomoTeamModel(input({ events: { fetching: false, error: true, nodes: undefined } }))
    expect(failed.levelsError).toBe(true)
    expect(failed.rewards.error).toBe(true)
  })

  it('lists the invitees once the reads answer and reports a failed list', () => {
    expect(fomoTeamModel(input()).invites).toEqual({ loading: false, error: false, list: [friend] })
    expect(fomoTeamModel(input({ answered: false, invites: { result: undefined, failed: false } })).invites).toEqual({
      loading: true,
      error: false,
      list: [],
    })
    expect(fomoTeamModel(input({ invites: { result: undefined, failed: true } })).invites.error).toBe(true)
  })

  it('without an account: no level, no rewards, no invitees, nothing loading', () => {
    const model = fomoTeamModel(
      input({ account: undefined, answered: false, team: undefined, invites: { result: [friend], failed: false } }),
    )
    expect(model.connected).toBe(false)
    expect(model.level).toBeUndefined()
    expect(model.levels.every((level) => level.rewards === undefined && !level.reached)).toBe(true)
    expect(model.invites).toEqual({ loading: false, error: false, list: [] })
    expect(model.rewards.events).toEqual([])
  })
})
