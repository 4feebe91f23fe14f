import { describe, expect, it } from 'vitest'
import { miningAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { checkAmount } from '../../lib/amountInput.ts'
import { miningMineModel, miningTeamModel, miningTiersModel, stakeRowModel } from './miningModel.ts'
import type {
  MiningConfig,
  MiningConfigMulti,
  MiningMineInput,
  MiningStake,
  MiningTiersInput,
  MiningUser,
  MiningUserInfo,
} from './miningModel.ts'

const nex = (amount: bigint) => amount * 10n ** 18n
const me = '0x00000000000000000000000000000000000000aA' as Address
const friend = '0x00000000000000000000000000000000000000bB' as Address
const contracts = {
  mining: '0x0000000000000000000000000000000000000001' as Address,
  nex: '0x0000000000000000000000000000000000000002' as Address,
}

const config: MiningConfig = {
  addTime: 3_600n,
  dayTimes: 86_400n,
  mintDay: nex(1_000n),
  mintSurplus: nex(50_000n),
  userMax: nex(10_000n),
  userMin: nex(100n),
  handleGas: 7n,
  feeRate: 500n,
}

const multi: MiningConfigMulti = {
  inviteRates: [1_000n, 500n, 200n],
  stakeDays: [0n, 7n, 30n, 90n, 180n, 360n],
  stakeRates: [10_000n, 10_000n, 10_000n, 10_000n, 10_000n, 10_000n],
  stakeTotals: [0n, nex(5n), 0n, 0n, 0n, 0n],
  stakeForces: [10_000n, 11_000n, 12_500n, 15_000n, 20_000n, 30_000n],
}

function user(fields: Partial<MiningUser> = {}): MiningUser {
  return {
    index: 1n,
    stakes: 0n,
    amount: 0n,
    balance: 0n,
    rewardTotal: 0n,
    lastOut: 0n,
    force: 0n,
    forceDirect: 0n,
    forceIndirect: 0n,
    forceInvite: 0n,
    debt: 0n,
    refer: friend,
    ...fields,
  }
}

function stake(fields: Partial<MiningStake> = {}): MiningStake {
  return {
    isValid: true,
    index: 3n,
    userIndex: 0n,
    lockDays: 30n,
    amount: nex(100n),
    actual: nex(100n),
    force: nex(125n),
    forceDirect: nex(10n),
    forceIndirect: nex(5n),
    forceInvite: nex(2n),
    startTime: 1_000n,
    endTime: 2_000n,
    owner: me,
    tier: 2n,
    status: 1n,
    ...fields,
  }
}

function tiersInput(fields: Partial<MiningTiersInput> = {}): MiningTiersInput {
  return {
    contracts,
    account: me,
    config,
    multi,
    totals: undefined,
    user: user(),
    balance: nex(500n),
    tier: 3,
    input: '150',
    ...fields,
  }
}

describe('the mining tiers page model', () => {
  it('shows the six tiers from the config', () => {
    const { tiers } = miningTiersModel(tiersInput())
    expect(tiers).toHaveLength(6)
    expect(tiers[2]).toEqual({ index: 2, days: 30n, forceBps: 12_500n, rateBps: 10_000n, staked: 0n })
    expect(miningTiersModel(tiersInput({ multi: undefined })).tiers[5]?.days).toBeUndefined()
  })

  it('allows from the minimum to the account’s room under the maximum', () => {
    expect(miningTiersModel(tiersInput()).range).toEqual({ min: nex(100n), max: nex(10_000n) })
    expect(miningTiersModel(tiersInput({ user: user({ amount: nex(9_000n) }) })).range).toEqual({
      min: nex(100n),
      max: nex(1_000n),
    })
    // at or above the maximum: nothing more
    expect(miningTiersModel(tiersInput({ user: user({ amount: nex(12_000n) }) })).range?.max).toBe(0n)
    // without an account: the whole maximum
    expect(miningTiersModel(tiersInput({ account: undefined, user: undefined })).range?.max).toBe(nex(10_000n))
    // the config still read
    expect(miningTiersModel(tiersInput({ config: undefined })).range).toBeUndefined()
  })

  it('plans the stake in the chosen tier, approving NEX for Mining', () => {
    const plan = miningTiersModel(tiersInput()).stake
    expect(plan.amount).toEqual({ input: '150', rules: { min: nex(100n), max: nex(10_000n), balance: nex(500n) } })
    expect(plan.spend).toEqual({ token: contracts.nex, spender: contracts.mining })
    expect(plan.request(nex(150n))).toEqual({
      address: contracts.mining,
      abi: miningAbi,
      functionName: 'deposit',
      args: [3n, nex(150n)],
    })
    expect(plan.success?.message).toBe('Staked')
  })

  it('refuses a zero stake, one below the minimum, above the room or above the NEX balance', () => {
    const rules = miningTiersModel(tiersInput({ user: user({ amount: nex(9_800n) }) })).stake.amount?.rules
    const outcome = (typed: string) => {
      const checked = checkAmount(typed, rules)
      return checked.ok ? checked.value : checked.message.message
    }
    expect(outcome('0')).toBe('Quantity must be greater than 0')
    expect(outcome('99')).toBe('Below the minimum')
    expect(outcome('100')).toBe(nex(100n))
    expect(outcome('200')).toBe(nex(200n))
    expect(outcome('200.5')).toBe('Exceeds the maximum')
    expect(checkAmount('500.5', miningTiersModel(tiersInput()).stake.amount?.rules)).toMatchObject({
      ok: false,
      message: { message: 'Balance Insufficient' },
    })
  })

  it('without an account: not connected and no balance to check against', () => {
    const model = miningTiersModel(tiersInput({ account: undefined, user: undefined, balance: undefined }))
    expect(model.connected).toBe(false)
    expect(model.stake.amount?.rules?.balance).toBeUndefined()
  })
})

function info(fields: Partial<MiningUser> = {}): MiningUserInfo {
  return [user(fields), [], nex(40_000n)]
}

function mineInput(fields: Partial<MiningMineInput> = {}): MiningMineInput {
  return { mining: contracts.mining, account: me, now: 10_000, config, info: info(), claims: [], ...fields }
}

describe('the mining Mine page model', () => {
  it('sums what the indexed claims took', () => {
    expect(miningMineModel(mineInput({ claims: [{ amount: '5' }, { amount: '7' }] })).claimed).toBe(12n)
    expect(miningMineModel(mineInput({ claims: [] })).claimed).toBe(0n)
    expect(miningMineModel(mineInput({ claims: undefined })).claimed).toBeUndefined()
    expect(miningMineModel(mineInput({ claims: 'error' })).claimed).toBeUndefined()
  })

  it('tells when the next claim is possible: once every addTime after the last one', () => {
    const never = miningMineModel(mineInput())
    expect(never).toMatchObject({ nextClaim: 0n, waitClaim: 0, emissionLeft: nex(40_000n) })
    const waiting = miningMineModel(mineInput({ info: info({ lastOut: 9_000n, balance: 1n }) }))
    expect(waiting).toMatchObject({ nextClaim: 12_600n, waitClaim: 2_600 })
    expect(waiting.claim.check?.(undefined)?.message).toContain('The next claim is possible at')
    const due = miningMineModel(mineInput({ now: 12_600, info: info({ lastOut: 9_000n, balance: 1n }) }))
    expect(due.waitClaim).toBe(0)
    expect(due.claim.check?.(undefined)).toBeUndefined()
  })

  it('plans the claim with the handling fee and refuses an empty balance first', () => {
    const empty = miningMineModel(mineInput({ info: info({ lastOut: 9_000n }) }))
    expect(empty.claim.check?.(undefined)?.message).toBe('Nothing to claim yet')
    expect(empty.claim.request(undefined)).toEqual({
      address: contracts.mining,
      abi: miningAbi,
      functionName: 'claimReward',
      value: 7n,
    })
    // the config still read: no fee sent, the contract decides
    expect(miningMineModel(mineInput({ config: undefined })).claim.request(undefined)).toMatchObject({ value: 0n })
  })

  it('refuses a release before the stake unlocks', () => {
    const model = miningMineModel(mineInput({ now: 1_999 }))
    expect(model.release(3n, 2_000n).check?.(undefined)?.message).toContain('This stake is locked until')
    const due = miningMineModel(mineInput({ now: 2_000 })).release(3n, 2_000n)
    expect(due.check?.(undefined)).toBeUndefined()
    expect(due.request(undefined)).toEqual({
      address: contracts.mining,
      abi: miningAbi,
      functionName: 'claimRelease',
      args: [3n],
    })
  })

  it('without an account: no record, no stakes list, no claim refused', () => {
    const model = miningMineModel(mineInput({ account: undefined, info: undefined, claims: undefined }))
    expect(model).toMatchObject({ connected: false, user: undefined, claimed: undefined, nextClaim: 0n })
    expect(model.stakes.variables).toBeUndefined()
    expect(model.claim.check?.(undefined)).toBeUndefined()
    expect(miningMineModel(mineInput()).stakes.variables).toEqual({ account: me.toLowerCase(), contract: 'Mining' })
  })

  it('tells a stake’s state, whether it can be released and the force it gives referrers', () => {
    expect(stakeRowModel(undefined, 1_500)).toEqual({
      state: undefined,
      releasable: false,
      forceToReferrers: undefined,
    })
    expect(stakeRowModel(stake(), 1_500)).toEqual({ state: 'locked', releasable: true, forceToReferrers: nex(17n) })
    expect(stakeRowModel(stake(), 2_000).state).toBe('unlocked')
    expect(stakeRowModel(stake({ status: 3n }), 2_000)).toMatchObject({ state: 'completed', releasable: false })
  })
})

describe('the mining team page model', () => {
  const invitee = { account: friend, amount: nex(10n), force: nex(12n), stakes: 1n }

  it('lists the invitees and how many of them mine', () => {
    const model = miningTeamModel({
      account: me,
      answered: true,
      multi,
      user: user({ forceDirect: nex(3n) }),
      invites: { result: [[invitee], 1n], failed: false },
      indirects: { result: [[], 0n], failed: false },
    })
    expect(model.user?.forceDirect).toBe(nex(3n))
    expect(model.inviteRates).toEqual([1_000n, 500n, 200n])
    expect(model.invites).toEqual({ loading: false, error: false, invites: [invitee], mining: 1n })
    expect(model.indirects).toEqual({ loading: false, error: false, invites: [], mining: 0n })
  })

  it('loads until the reads answer and reports a failed list', () => {
    const loading = miningTeamModel({
      account: me,
      answered: false,
      multi: undefined,
      user: undefined,
      invites: { result: undefined, failed: false },
      indirects: { result: undefined, failed: false },
    })
    expect(loading.invites).toEqual({ loading: true, error: false, invites: [], mining: undefined })
    expect(loading.inviteRates).toEqual([undefined, undefined, undefined])
    const failed = miningTeamModel({
      account: me,
      answered: true,
      multi,
      user: user(),
      invites: { result: undefined, failed: true },
      indirects: { result: [[invitee], 1n], failed: false },
    })
    expect(failed.invites).toMatchObject({ loading: false, error: true, invites: [] })
    // without an account nothing loads
    const none = miningTeamModel({
      account: undefined,
      answered: false,
      multi,
      user: undefined,
      invites: { result: undefined, failed: false },
      indirects: { result: undefined, failed: false },
    })
    expect(none.invites.loading).toBe(false)
  })
})
