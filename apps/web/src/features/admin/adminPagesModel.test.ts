import { describe, expect, it } from 'vitest'
import { parseForm } from '../../components/blocks/settings/formModel.ts'
import { adminPageState, rightsNote } from './adminPageModel.ts'
import { fomoMultiValues, fomoOfPath, goldBalanceValues } from './fomoAdminModel.ts'
import type { FomoConfigMulti } from './fomoAdminModel.ts'
import { miningMultiValues } from './miningAdminModel.ts'
import type { MiningConfigMulti } from './miningAdminModel.ts'
import { MAX_ROUND_NOTICE, idoRoundStart, stakeRoundStart } from './roundStartModel.ts'

const ACCOUNT = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('admin screen frame', () => {
  it('shows the forms to a manager, whatever else is known', () => {
    expect(adminPageState({ account: ACCOUNT, registered: undefined, manager: true })).toBe('manager')
    expect(adminPageState({ account: undefined, registered: undefined, manager: true })).toBe('manager')
  })

  it("loads while a connected wallet's rights are read, then refuses a wallet that is no manager", () => {
    expect(adminPageState({ account: ACCOUNT, registered: undefined, manager: false })).toBe('loading')
    expect(adminPageState({ account: ACCOUNT, registered: false, manager: false })).toBe('refused')
    expect(adminPageState({ account: ACCOUNT, registered: true, manager: false })).toBe('refused')
  })

  it('refuses a visitor without a wallet at once', () => {
    expect(adminPageState({ account: undefined, registered: undefined, manager: false })).toBe('refused')
  })

  it("says the wallet's rights once known, and nothing without Main", () => {
    expect(rightsNote(true, 'proposer')).toBe('proposer')
    expect(rightsNote(true, undefined)).toBeUndefined()
    expect(rightsNote(false, 'owner')).toBeUndefined()
  })
})

describe('FOM admin', () => {
  it('manages SuperFomo on /managerSuper and Fomo on /managerFom', () => {
    expect(fomoOfPath('/managerSuper')).toBe('SuperFomo')
    expect(fomoOfPath('/managerFom')).toBe('Fomo')
  })

  it('spreads each array of the multi settings into one field per element', () => {
    const multi = {
      burnRates: [1n],
      teamRates: [2n, 3n],
      teamAmounts: [4n],
      stakeDays: [5n],
      stakeRates: [6n],
      stakeSurplus: [7n],
    } as unknown as FomoConfigMulti
    expect(fomoMultiValues(multi)).toEqual({
      'burnRates.0': 1n,
      'teamRates.0': 2n,
      'teamRates.1': 3n,
      'teamAmounts.0': 4n,
      'stakeDays.0': 5n,
      'stakeRates.0': 6n,
      'stakeSurplus.0': 7n,
    })
    expect(fomoMultiValues(undefined)).toBeUndefined()
  })

  it("shows the gold pool's balance, zero included, once read", () => {
    expect(goldBalanceValues({ balanceGold: 0n })).toEqual({ amount: 0n })
    expect(goldBalanceValues(undefined)).toBeUndefined()
  })
})

describe('mining admin', () => {
  it('spreads the invite rates and stake tiers into one field per element', () => {
    const multi = {
      inviteRates: [1n, 2n, 3n],
      stakeDays: [30n],
      stakeRates: [100n],
      stakeForces: [5n],
    } as unknown as MiningConfigMulti
    expect(miningMultiValues(multi)).toEqual({
      'inviteRates.0': 1n,
      'inviteRates.1': 2n,
      'inviteRates.2': 3n,
      'stakeDays.0': 30n,
      'stakeRates.0': 100n,
      'stakeForces.0': 5n,
    })
    expect(miningMultiValues(undefined)).toBeUndefined()
  })
})

describe('round scheduling', () => {
  const now = 1_800_000_000n
  const rounds = [{ startTime: 100n }, { startTime: 200n }, { startTime: 300n }]

  it("moves Stake's current round or a later existing one, at most 90 days ahead", () => {
    const model = stakeRoundStart(1n, rounds, now)
    expect(model.current).toEqual({ index: 1n, startTime: 200n })
    expect(parseForm(model.fields, { index: '0', startTime: String(now) }).ok).toBe(false)
    expect(parseForm(model.fields, { index: '2', startTime: String(now + MAX_ROUND_NOTICE) }).ok).toBe(true)
    expect(parseForm(model.fields, { index: '3', startTime: String(now) }).ok).toBe(false)
    expect(parseForm(model.fields, { index: '1', startTime: String(now + MAX_ROUND_NOTICE + 1n) }).ok).toBe(false)
  })

  it('waits for both of Stake’s reads, and bounds no round before any exists', () => {
    expect(stakeRoundStart(undefined, rounds, now).current).toBeUndefined()
    expect(stakeRoundStart(0n, undefined, now).current).toBeUndefined()
    const none = stakeRoundStart(0n, [], now)
    expect(none.current).toBeUndefined()
    expect(none.fields[0]?.max).toBeUndefined()
    expect(stakeRoundStart(5n, rounds, now).current).toBeUndefined()
  })

  it("moves Ido's current round or any later one", () => {
    const model = idoRoundStart({ round: 2n, startTime: 500n }, now)
    expect(model.current).toEqual({ index: 2n, startTime: 500n })
    expect(parseForm(model.fields, { index: '1', startTime: '0' }).ok).toBe(false)
    expect(parseForm(model.fields, { index: '99', startTime: '0' }).ok).toBe(true)
    expect(idoRoundStart(undefined, now).current).toBeUndefined()
  })
})
