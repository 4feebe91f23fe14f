import { describe, expect, it } from 'vitest'
import { IDO_MAX_CLAIM_DELAY } from '../../components/blocks/settings/specs.ts'
import {
  controlledNames,
  controlsOf,
  idoConfigRules,
  idoVestingNote,
  idoVestingOf,
  withinExcess,
} from './systemFormsModel.ts'

const now = 1_800_000_000n
const settings = { claimStart: now + 86_400n, dayTimes: 86_400n, releaseDays: 100n }

describe('idoVestingOf', () => {
  it('is unknown until both the settings and the totals are read', () => {
    expect(idoVestingOf(undefined, { totalTokens: 0n })).toBeUndefined()
    expect(idoVestingOf(settings, undefined)).toBeUndefined()
  })

  it('counts NEX as sold once any is', () => {
    expect(idoVestingOf(settings, { totalTokens: 0n })).toEqual({ sold: false, ...settings })
    expect(idoVestingOf(settings, { totalTokens: 1n })?.sold).toBe(true)
  })
})

describe('idoVestingNote', () => {
  it('says nothing while the vesting or the chain time is unknown', () => {
    expect(idoVestingNote(undefined, now)).toEqual({ state: 'unknown' })
    expect(idoVestingNote({ sold: true, ...settings }, undefined)).toEqual({ state: 'unknown' })
  })

  it('leaves the vesting free before a sale', () => {
    expect(idoVestingNote({ sold: false, ...settings }, now)).toEqual({ state: 'free' })
  })

  it('after a sale: claimStart only earlier, dayTimes and releaseDays at most what they are', () => {
    expect(idoVestingNote({ sold: true, ...settings }, now)).toEqual({
      state: 'sold',
      unset: false,
      days: String(IDO_MAX_CLAIM_DELAY / 86_400n),
      claimStartMax: settings.claimStart,
      dayTimesMax: '86400',
      releaseDaysMax: '100',
    })
  })

  it('after a sale without a claimStart: a first one at most the delay ahead of the chain time', () => {
    const note = idoVestingNote({ sold: true, ...settings, claimStart: 0n }, now)
    expect(note).toMatchObject({ state: 'sold', unset: true, claimStartMax: now + IDO_MAX_CLAIM_DELAY })
  })
})

describe('idoConfigRules', () => {
  const values = {
    claimStart: settings.claimStart,
    dayTimes: settings.dayTimes,
    releaseDays: settings.releaseDays,
    directRate: 2_000n,
    indirectRate: 1_000n,
  }

  it('takes the vesting as it is, and refuses a slower one after a sale', () => {
    const rules = idoConfigRules({ sold: true, ...settings }, now)
    expect(rules(values)).toEqual([])
    expect(rules({ ...values, releaseDays: 101n }).map((problem) => problem.key)).toEqual(['releaseDays'])
    expect(rules({ ...values, claimStart: settings.claimStart + 1n }).map((problem) => problem.key)).toEqual([
      'claimStart',
    ])
  })

  it('takes a slower vesting before a sale, or while unknown', () => {
    expect(idoConfigRules({ sold: false, ...settings }, now)({ ...values, releaseDays: 101n })).toEqual([])
    expect(idoConfigRules(undefined, undefined)({ ...values, releaseDays: 101n })).toEqual([])
  })

  it('refuses direct and indirect referral rates above 30 % in sum, up to it exactly', () => {
    expect(idoConfigRules(undefined, undefined)(values)).toEqual([])
    expect(idoConfigRules(undefined, undefined)({ ...values, indirectRate: 1_001n })).toHaveLength(1)
  })
})

describe('contract controls', () => {
  it('offer every owned contract but the Timelock', () => {
    expect(controlledNames({ Main: 1, Timelock: 2, Token: 3 })).toEqual(['Main', 'Token'])
    expect(controlledNames({})).toEqual([])
  })

  it('give an upgradeable contract every power, and Token only the excess and its ownership', () => {
    const main = controlsOf('Main')
    expect(main.upgradeable).toBe(true)
    expect(['pause', 'withdrawExcess', 'scheduleUpgrade'].every(main.has)).toBe(true)
    const token = controlsOf('Token')
    expect(token.upgradeable).toBe(false)
    expect(token.has('pause')).toBe(false)
    expect(token.has('withdrawExcess')).toBe(true)
    expect(token.has('transferOwnership')).toBe(true)
    expect(token.has('renounceOwnership')).toBe(true)
  })
})

describe('withinExcess', () => {
  it('refuses more than the excess, up to it exactly, and anything while the excess is unknown', () => {
    expect(withinExcess({ amount: 10n }, { amount: 10n })).toEqual([])
    expect(withinExcess({ amount: 11n }, { amount: 10n })).toMatchObject([{ key: 'amount' }])
    expect(withinExcess({ amount: 1n }, { amount: 0n })).toHaveLength(1)
    expect(withinExcess({ amount: 11n }, {})).toEqual([])
  })
})
