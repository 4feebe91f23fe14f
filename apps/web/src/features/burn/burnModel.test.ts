import { describe, expect, it } from 'vitest'
import { bnbForUsdt } from '@nexus/sdk'
import { zeroAddress } from 'viem'
import type { Address } from 'viem'
import { burnModel, MAX_SETTLE_BATCH, settleBatch } from './burnModel.ts'
import type { BurnConfig, BurnInput, BurnReads, BurnUser } from './burnModel.ts'

const E18 = 10n ** 18n
const burn = '0x00000000000000000000000000000000000000c1' as Address
const usdt = '0x00000000000000000000000000000000000000c2' as Address
const account = '0x00000000000000000000000000000000000000d1' as Address

const config = (over: Partial<BurnConfig> = {}): BurnConfig => ({
  addTime: 0n,
  dayTimes: 0n,
  algebra: 0n,
  feeRate: 500n,
  handleGas: 20n,
  swapRate: 0n,
  burnEvery: 10n * E18,
  burnSurplus: 1_000n,
  rewardRate: 15_000n,
  outDays: 30n,
  startTime: 0n,
  ...over,
})

const user = (over: Partial<BurnUser> = {}): BurnUser => ({
  index: 1n,
  inviteCode: zeroAddress,
  orders: 2n,
  amount: 20n * E18,
  total: 3n * E18,
  balance: 4n * E18,
  rewardTotal: 0n,
  rewardDirect: 0n,
  rewardIndirect: 0n,
  lastOut: 0n,
  refer: zeroAddress,
  ...over,
})

const reads = (over: BurnReads = {}): BurnReads => ({
  config: config(),
  multi: {
    burnRates: [0n, 0n, 0n, 0n, 0n],
    teamAmounts: [0n, 0n, 0n, 0n, 0n],
    teamRates: [0n, 0n, 0n, 0n, 0n],
    slippage: 500n,
  },
  user: user(),
  usdtPerBnb: 600n * E18,
  nexPerBnb: 3_000n * E18,
  usdtBalance: 100n * E18,
  bnbBalance: E18,
  ...over,
})

const input = (over: Partial<BurnInput> = {}): BurnInput => ({
  account,
  burn,
  usdt,
  reads: reads(),
  claimWindow: { orders: [{ amount: 20n * E18, reward: 0n, isValid: true, pending: E18 }], more: false },
  expiredWaiting: false,
  times: '',
  payWith: 'USDT',
  ...over,
})

describe('the order the field describes', () => {
  it('is all dashes until the field holds a count of units', () => {
    for (const times of ['', '0', '2.5', 'x']) {
      expect(burnModel(input({ times })).order).toEqual({
        usdt: undefined,
        bnb: undefined,
        tokens: undefined,
        dividendsUpTo: undefined,
      })
    }
  })

  it('values the units at the price per unit, with the BNB sent, the NEX counted and the dividends it may earn', () => {
    expect(burnModel(input({ times: '３' })).order).toEqual({
      usdt: 30n * E18,
      bnb: bnbForUsdt(30n * E18, 600n * E18, 500n),
      tokens: 150n * E18,
      dividendsUpTo: 45n * E18,
    })
  })

  it('has no BNB or NEX estimate while the TWAP views have no price', () => {
    const order = burnModel(input({ times: '3', reads: reads({ usdtPerBnb: undefined }) })).order
    expect(order).toMatchObject({ usdt: 30n * E18, bnb: undefined, tokens: undefined })
    expect(burnModel(input({ times: '3', reads: reads({ nexPerBnb: undefined }) })).order.tokens).toBeUndefined()
  })

  it('shows the balance of the token paid with, none without a wallet', () => {
    expect(burnModel(input()).balance).toBe(100n * E18)
    expect(burnModel(input({ payWith: 'BNB' })).balance).toBe(E18)
    expect(burnModel(input({ account: undefined })).balance).toBeUndefined()
  })
})

describe('the burn', () => {
  it('needs a connected wallet', () => {
    expect(burnModel(input()).canBurn).toBe(true)
    expect(burnModel(input({ account: undefined })).canBurn).toBe(false)
  })

  it('takes from 1 unit to the units Burn still takes', () => {
    expect(burnModel(input({ times: '5' })).burnPlan.amount).toEqual({
      input: '5',
      units: true,
      rules: { min: 1n, max: 1_000n },
    })
    expect(burnModel(input({ reads: {} })).burnPlan.amount?.rules?.max).toBeUndefined()
  })

  it('in USDT approves Burn and pays the order value for the account', () => {
    const plan = burnModel(input({ times: '3' })).burnPlan
    expect(plan.spend).toEqual({ token: usdt, spender: burn })
    expect(plan.request(3n)).toMatchObject({
      address: burn,
      functionName: 'burn',
      args: [account, 3n, 30n * E18, false],
      value: undefined,
    })
    expect(plan.check?.(10n)).toBeUndefined()
    expect(plan.check?.(11n)?.message).toBe('Balance Insufficient')
    expect(plan.success?.message).toBe('Burned')
  })

  it('in BNB sends the swap value with no approval; refused without a BNB price or above the balance', () => {
    const plan = burnModel(input({ times: '3', payWith: 'BNB' })).burnPlan
    const paid = bnbForUsdt(30n * E18, 600n * E18, 500n)
    expect(plan.spend).toBeUndefined()
    expect(plan.request(3n)).toMatchObject({ args: [account, 3n, paid, true], value: paid })
    expect(plan.check?.(3n)).toBeUndefined()
    // 1 BNB is 570 USDT at the price less 5%: 58 units (580 USDT) are more
    expect(plan.check?.(58n)?.message).toBe('Balance Insufficient')
    const noPrice = burnModel(input({ times: '3', payWith: 'BNB', reads: reads({ usdtPerBnb: undefined }) })).burnPlan
    expect(noPrice.check?.(3n)?.message).toBe('No BNB price yet: pay with USDT or try again later')
  })

  it('leaves the checks to the contract before the config is read', () => {
    expect(burnModel(input({ reads: reads({ config: undefined }) })).burnPlan.check?.(3n)).toBeUndefined()
  })
})

describe('the dividends', () => {
  it('are the balance plus what the window’s valid orders accrued, less the fee', () => {
    const model = burnModel(input())
    expect(model.dividends).toEqual({
      force: 20n * E18,
      accrued: E18,
      claimable: 5n * E18,
      fee: (5n * E18 * 500n) / 10_000n,
      claimPays: 5n * E18 - (5n * E18 * 500n) / 10_000n,
      orderDividends: 4n * E18,
    })
    expect(model.feePercent).toBe('5')
    expect(model.canClaim).toBe(true)
    expect(model.claim(undefined)).toMatchObject({ address: burn, functionName: 'claimReward' })
  })

  it('are unknown until the claim window is read, and not claimable without a wallet or anything pending', () => {
    expect(burnModel(input({ claimWindow: undefined })).dividends).toBeUndefined()
    expect(burnModel(input({ claimWindow: undefined })).canClaim).toBe(false)
    expect(burnModel(input({ account: undefined })).dividends).toBeUndefined()
    expect(burnModel(input({ account: undefined })).user).toBeUndefined()
    const nothing = burnModel(
      input({ reads: reads({ user: user({ balance: 0n }) }), claimWindow: { orders: [], more: false } }),
    )
    expect(nothing.dividends?.claimable).toBe(0n)
    expect(nothing.canClaim).toBe(false)
  })

  it('say how many orders one claim settles when more wait', () => {
    expect(burnModel(input()).claimSettlesAtMost).toBeUndefined()
    expect(burnModel(input({ claimWindow: { orders: [], more: true } })).claimSettlesAtMost).toBe(20n)
  })
})

describe('expired orders', () => {
  it('are offered for settling in batches of the pool’s own size, within bounds', () => {
    expect(settleBatch(undefined)).toBe(50n)
    expect(settleBatch(0n)).toBe(50n)
    expect(settleBatch(20n)).toBe(20n)
    expect(settleBatch(MAX_SETTLE_BATCH + 1n)).toBe(MAX_SETTLE_BATCH)
    const model = burnModel(input({ expiredWaiting: true }))
    expect(model.expiredWaiting).toBe(true)
    expect(model.canSettle).toBe(true)
    expect(model.settlePlan.request(undefined)).toMatchObject({ functionName: 'processExpired', args: [20n] })
    expect(model.settlePlan.success?.message).toBe('Expired orders settled')
    expect(burnModel(input({ account: undefined })).canSettle).toBe(false)
  })
})
