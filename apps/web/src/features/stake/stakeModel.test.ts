import { describe, expect, it } from 'vitest'
import { stakeMinReward } from '@nexus/sdk'
import type { Address } from 'viem'
import { accountRoom, stakeModel } from './stakeModel.ts'
import type { StakeConfig, StakeInput, StakeReads, StakeRecord, StakeRound, StakeUser } from './stakeModel.ts'

const E18 = 10n ** 18n
const stake = '0x00000000000000000000000000000000000000e1' as Address
const usdt = '0x00000000000000000000000000000000000000e2' as Address
const account = '0x00000000000000000000000000000000000000f1' as Address

const config = (over: Partial<StakeConfig> = {}): StakeConfig => ({
  addTime: 86_400n,
  dayTimes: 86_400n,
  directRate: 0n,
  indirectRate: 0n,
  userMax: 1_000n * E18,
  round: 1n,
  roundCool: 0n,
  handleGas: 10n ** 15n,
  feeRate: 500n,
  releaseDay: 30n,
  ...over,
})

const round = (over: Partial<StakeRound> = {}): StakeRound => ({
  index: 1n,
  idoMax: 10_000n * E18,
  idoTotal: 4_000n * E18,
  idoRate: 15_000n,
  idoPrice: E18 / 10n,
  idoFirst: 1_000n,
  startTime: 1_000n,
  idoMin: 100n * E18,
  ...over,
})

const user = (over: Partial<StakeUser> = {}): StakeUser => ({
  index: 1n,
  amount: 300n * E18,
  rewardMax: 0n,
  rewardRelease: 0n,
  rewardDirect: 0n,
  rewardIndirect: 0n,
  balance: 2n * E18,
  stakes: 1n,
  lastOut: 0n,
  ...over,
})

const record = (over: Partial<StakeRecord> = {}): StakeRecord => ({
  isValid: true,
  index: 7n,
  userIndex: 0n,
  period: 0n,
  amount: 300n * E18,
  rewardMax: 450n * E18,
  rewardSurplus: 400n * E18,
  releaseTimes: 1n,
  startTime: 1_000n,
  lastTime: 1_000n,
  startPrice: E18 / 10n,
  lastPrice: E18 / 10n,
  owner: account,
  lockTime: 3_000n,
  endTime: 9_000n,
  releaseDays: 30n,
  ...over,
})

const reads = (over: StakeReads = {}): StakeReads => ({
  config: config(),
  idos: [round({ index: 0n, idoTotal: 10_000n * E18 }), round(), round({ index: 2n, idoTotal: 0n, startTime: 9_000n })],
  info: [user(), [record()]],
  whitelisted: false,
  balance: 500n * E18,
  tokensPerUsdt: 10n * E18,
  ...over,
})

const input = (over: Partial<StakeInput> = {}): StakeInput => ({
  account,
  stake,
  usdt,
  reads: reads(),
  now: 2_000,
  input: '',
  ...over,
})

describe('the current round', () => {
  it('is open once started, with room and a price; the round is counted from 1', () => {
    const model = stakeModel(input())
    expect(model.roundNumber).toBe(2n)
    expect(model.current).toEqual(round())
    expect(model.status).toBe('open')
    expect(model.startsIn).toBe(0)
  })

  it('counts down before its start, and takes deposits then only from a whitelisted account', () => {
    const before = stakeModel(input({ now: 400 }))
    expect(before.status).toBe('startingSoon')
    expect(before.startsIn).toBe(600)
    expect(before.deposit.check?.(100n * E18)?.message).toBe('No staking round is open now.')
    const whitelisted = stakeModel(input({ now: 400, reads: reads({ whitelisted: true }) }))
    expect(whitelisted.status).toBe('open')
    expect(whitelisted.deposit.check?.(100n * E18)).toBeUndefined()
  })

  it('is closed when full or without a price (no round left)', () => {
    const full = stakeModel(input({ reads: reads({ idos: [round(), round({ idoTotal: 10_000n * E18 })] }) }))
    expect(full.status).toBe('closed')
    expect(full.deposit.check?.(1n)?.message).toBe('No staking round is open now.')
    expect(stakeModel(input({ reads: reads({ tokensPerUsdt: undefined }) })).status).toBe('closed')
  })

  it('has no badge or figures before the reads, or when the round index has no round', () => {
    const empty = stakeModel(input({ reads: {}, now: undefined }))
    expect(empty.roundNumber).toBeUndefined()
    expect(empty.status).toBeUndefined()
    expect(empty.rangeNote).toEqual({ kind: 'unknown' })
    expect(empty.periods).toEqual({ list: [], loading: true, error: false })
    expect(stakeModel(input({ reads: reads({ config: config({ round: 9n }) }) })).status).toBeUndefined()
  })
})

describe('the allowed range', () => {
  it('is the round minimum to the smallest room left (round, account), under the account cap', () => {
    expect(stakeModel(input()).rangeNote).toEqual({
      kind: 'range',
      min: 100n * E18,
      max: 700n * E18,
      userMax: 1_000n * E18,
    })
    // no wallet: the whole cap is the account's room
    expect(stakeModel(input({ account: undefined })).rangeNote).toMatchObject({ max: 1_000n * E18 })
  })

  it('says when the account reached its cap, the round is full, or the room is below the minimum', () => {
    expect(stakeModel(input({ reads: reads({ info: [user({ amount: 1_000n * E18 }), []] }) })).rangeNote).toEqual({
      kind: 'accountCapReached',
      userMax: 1_000n * E18,
    })
    const full = reads({ idos: [round(), round({ idoTotal: 10_000n * E18 })] })
    expect(stakeModel(input({ reads: full })).rangeNote).toEqual({ kind: 'roundFull', roundSize: 10_000n * E18 })
    expect(stakeModel(input({ reads: reads({ info: [user({ amount: 950n * E18 }), []] }) })).rangeNote).toEqual({
      kind: 'belowRoundMinimum',
      min: 100n * E18,
      max: 50n * E18,
    })
  })

  it('lowers the minimum to what the round has left', () => {
    const almostFull = reads({ idos: [round(), round({ idoTotal: 9_950n * E18 })] })
    expect(stakeModel(input({ reads: almostFull })).rangeNote).toMatchObject({
      kind: 'range',
      min: 50n * E18,
      max: 50n * E18,
    })
  })

  it('gives the account its room: the cap less what it staked, never below 0', () => {
    expect(accountRoom(undefined, user())).toBeUndefined()
    expect(accountRoom(config(), undefined)).toBe(1_000n * E18)
    expect(accountRoom(config(), user())).toBe(700n * E18)
    expect(accountRoom(config(), user({ amount: 2_000n * E18 }))).toBe(0n)
  })
})

describe('the deposit', () => {
  it('needs a wallet and checks the amount against the range and the balance', () => {
    expect(stakeModel(input()).canStake).toBe(true)
    expect(stakeModel(input({ account: undefined })).canStake).toBe(false)
    expect(stakeModel(input({ input: '150' })).deposit.amount).toEqual({
      input: '150',
      rules: { min: 100n * E18, max: 700n * E18, balance: 500n * E18 },
    })
    expect(stakeModel(input({ account: undefined })).deposit.amount?.rules?.balance).toBeUndefined()
  })

  it('approves USDT to Stake and asks for the least reward on the terms shown', () => {
    const plan = stakeModel(input()).deposit
    expect(plan.spend).toEqual({ token: usdt, spender: stake })
    expect(plan.request(150n * E18)).toMatchObject({
      address: stake,
      functionName: 'deposit',
      args: [150n * E18, stakeMinReward(150n * E18, 15_000n, 10n * E18)],
    })
    expect(stakeMinReward(150n * E18, 15_000n, 10n * E18)).toBeGreaterThan(0n)
    expect(plan.success?.message).toBe('Staked')
  })
})

describe('the lists', () => {
  it('phases every round against the current one', () => {
    expect(stakeModel(input()).periods.list.map((period) => period.phase)).toEqual(['filled', 'open', 'next'])
    expect(stakeModel(input({ reads: reads({ config: undefined }) })).periods.list.map((p) => p.phase)).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    expect(stakeModel(input({ reads: reads({ idos: undefined, idosFailed: true }) })).periods).toMatchObject({
      loading: true,
      error: true,
    })
  })

  it('states each stake: locked, unlocked after its lock, completed once spent', () => {
    const states = (now: number, records: StakeRecord[]) =>
      stakeModel(input({ now, reads: reads({ info: [user(), records] }) })).stakes.list.map((item) => item.state)
    expect(states(2_000, [record(), record({ isValid: false })])).toEqual(['locked', 'completed'])
    expect(states(3_000, [record()])).toEqual(['unlocked'])
  })

  it('loads the account’s stakes only with a wallet, and says when they failed', () => {
    expect(stakeModel(input({ reads: reads({ info: undefined }) })).stakes).toEqual({
      list: [],
      loading: true,
      error: false,
    })
    expect(stakeModel(input({ account: undefined })).stakes).toEqual({ list: [], loading: false, error: false })
    expect(stakeModel(input({ reads: reads({ info: undefined, infoFailed: true }) })).stakes).toEqual({
      list: [],
      loading: false,
      error: true,
    })
  })
})

describe('the claim', () => {
  it('sends the config’s handleGas as its value and is refused while nothing is released', () => {
    const model = stakeModel(input())
    expect(model.canClaim).toBe(true)
    expect(model.claim.check?.(undefined)).toBeUndefined()
    expect(model.claim.request(undefined)).toMatchObject({ address: stake, functionName: 'claim', value: 10n ** 15n })
    const nothing = stakeModel(input({ reads: reads({ info: [user({ balance: 0n }), []] }) }))
    expect(nothing.claim.check?.(undefined)?.message).toBe('Nothing to claim yet')
    expect(stakeModel(input({ account: undefined })).canClaim).toBe(false)
    expect(stakeModel(input({ account: undefined })).user).toBeUndefined()
    expect(stakeModel(input({ reads: reads({ config: undefined }) })).claim.request(undefined)).toMatchObject({
      value: 0n,
    })
  })
})
