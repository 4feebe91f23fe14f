import { describe, expect, it } from 'vitest'
import { zeroAddress } from 'viem'
import type { Address } from 'viem'
import { teamModel } from './teamModel.ts'
import type { BurnConfigMulti, BurnTeam, TeamInput } from './teamModel.ts'

const E18 = 10n ** 18n
const account = '0x00000000000000000000000000000000000000a9' as Address
const leg = '0x00000000000000000000000000000000000000b7' as Address

const team = (over: Partial<BurnTeam> = {}): BurnTeam => ({
  isManual: false,
  level: 1n,
  invites: 3n,
  inviteValids: 2n,
  teamUser: 5n,
  teamAmount: 30_000n * E18,
  teamMax: 18_000n * E18,
  teamMin: 12_000n * E18,
  maxAccount: leg,
  ...over,
})

const multi: BurnConfigMulti = {
  burnRates: [0n, 0n, 0n, 0n, 0n],
  teamAmounts: [10_000n * E18, 50_000n * E18, 100_000n * E18, 200_000n * E18, 500_000n * E18],
  teamRates: [0n, 0n, 0n, 0n, 0n],
  slippage: 0n,
}

const input = (over: Partial<TeamInput> = {}): TeamInput => ({
  account,
  origin: 'https://app.example/',
  team: team(),
  multi,
  depth: 10n,
  summary: {
    registered: true,
    directCount: 3,
    indirectCount: 4,
    teamSize: 7,
    teamVolume: (42n * E18).toString(),
    level: 1,
  },
  ...over,
})

describe('the team page', () => {
  it('shows the level, the counted generations, the tree’s volume and the largest leg’s invitee', () => {
    const model = teamModel(input())
    expect(model.levelLabel).toBe('V1')
    expect(model.generations).toBe('10')
    expect(model.teamVolume).toBe(42n * E18)
    expect(model.largestLegInvitee).toBe('0x0000..000b7')
    expect(model.isManual).toBe(false)
    expect(model.inviteLink).toBe(`https://app.example/?code=${account}`)
  })

  it('names the next level, its threshold outside the largest leg and what is missing', () => {
    expect(teamModel(input()).next).toEqual({
      kind: 'needs',
      label: 'V2',
      threshold: 50_000n * E18,
      missing: 38_000n * E18,
    })
    // past the threshold (a level the keeper has not raised yet): nothing missing
    expect(teamModel(input({ team: team({ level: 0n }) })).next).toMatchObject({ label: 'V1', missing: 0n })
    expect(teamModel(input({ team: team({ level: 5n }) })).next).toEqual({ kind: 'highest' })
  })

  it('is V0 with dashes before the chain and the indexer answer', () => {
    const model = teamModel(input({ team: undefined, multi: undefined, depth: undefined, summary: undefined }))
    expect(model.levelLabel).toBe('V0')
    expect(model.generations).toBe('—')
    expect(model.teamVolume).toBeUndefined()
    expect(model.largestLegInvitee).toBeUndefined()
    expect(model.next).toEqual({ kind: 'unknown' })
    expect(teamModel(input({ multi: undefined })).next).toEqual({ kind: 'unknown' })
  })

  it('has no largest-leg invitee while the team has no leg, and says when the operator set the level', () => {
    expect(teamModel(input({ team: team({ maxAccount: zeroAddress }) })).largestLegInvitee).toBeUndefined()
    expect(teamModel(input({ team: team({ isManual: true }) })).isManual).toBe(true)
  })
})
