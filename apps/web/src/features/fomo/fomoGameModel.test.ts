import { describe, expect, it } from 'vitest'
import { fomoAbi } from '@nexus/abi'
import { fomoMinUsdt } from '@nexus/sdk'
import type { Address } from 'viem'
import { checkAmount } from '../../lib/amountInput.ts'
import { fomoGameModel, leaderIndexes, quoteAmount, roundPhase, settledRounds, ROUNDS_SHOWN } from './fomoGameModel.ts'
import type { FomoConfigMulti, FomoGameInput, FomoRound, FomoTotals } from './fomoGameModel.ts'
import type { FomoOrder } from './fomoMineModel.ts'
import { fomoConfig, fomoOrder, ME, unit } from './fomoTestData.ts'

const me = ME
const contracts = {
  pool: '0x0000000000000000000000000000000000000001' as Address,
  usdt: '0x0000000000000000000000000000000000000002' as Address,
  nex: '0x0000000000000000000000000000000000000003' as Address,
  pair: '0x0000000000000000000000000000000000000004' as Address,
}

const config = fomoConfig({
  addTime: 60n,
  roundMin: unit(100n),
  roundTime: 3_600n,
  userMax: unit(1_000n),
  orderMin: unit(10n),
})

const multi: FomoConfigMulti = {
  burnRates: [0n, 0n, 0n, 0n, 0n, 0n, 0n],
  teamRates: [0n, 0n, 0n, 0n],
  teamAmounts: [0n, 0n, 0n, 0n],
  stakeDays: [7n, 15n, 30n, 60n, 90n],
  stakeRates: [100n, 200n, 300n, 400n, 500n],
  stakeSurplus: [9_000n, 9_250n, 9_500n, 9_750n, 10_000n],
}

function totals(fields: Partial<FomoTotals> = {}): FomoTotals {
  return {
    totalUser: 3n,
    totalOrder: 5n,
    totalAmount: unit(500n),
    totalActual: 0n,
    totalTokens: 0n,
    totalRewardInvite: 0n,
    totalRewardTeam: 0n,
    totalReward: 0n,
    totalRewardUSDT: 0n,
    todayAmount: 0n,
    totalExtract: 0n,
    lastBalance: 0n,
    lastOut: 0n,
    roundEndTime: 2_000n,
    roundEndIndex: 4n,
    lastEndTime: 0n,
    ...fields,
  }
}

function round(fields: Partial<FomoRound> = {}): FomoRound {
  return {
    index: 4n,
    endTime: 2_000n,
    settled: false,
    pot: unit(1_000n),
    paid: 0n,
    count: 2n,
    winners: [12n, 9n, 0n, 0n, 0n],
    prizes: [0n, 0n, 0n, 0n, 0n],
    claimed: [false, false, false, false, false],
    ...fields,
  }
}

function order(index: bigint): FomoOrder {
  return fomoOrder({ status: 1n, index, lockDays: 7n, principal: 0n })
}

function input(fields: Partial<FomoGameInput> = {}): FomoGameInput {
  return {
    contracts,
    account: me,
    now: 1_500,
    config,
    multi,
    totals: totals(),
    values: { gold: 0n, fomo: 0n, double: 0n, balanceGold: 0n, balanceFomo: unit(1_000n), balanceDouble: 0n },
    user: undefined,
    usdtBalance: unit(500n),
    nexBalance: unit(2_000n),
    round: round(),
    leaderOrders: [order(12n), order(9n)],
    form: { tier: 2, payWith: 'USDT', input: '100' },
    quote: { nexCost: undefined, reserves: undefined, token0: undefined },
    pairFeeBps: 30,
    ...fields,
  }
}

/** An order paid with NEX: 1,000 NEX for the typed amount, a 1,000,000 NEX / 100,000 USDT pair. */
const nexQuote = {
  nexCost: unit(1_000n),
  reserves: [unit(1_000_000n), unit(100_000n), 0] as const,
  token0: contracts.nex,
}

describe('the FOM round game page model', () => {
  it('tells the round’s phase on the chain’s clock', () => {
    expect(roundPhase(undefined, 1_000)).toBeUndefined()
    expect(roundPhase(2_000n, undefined)).toBeUndefined()
    expect(roundPhase(0n, 1_000)).toBe('waiting')
    expect(roundPhase(2_000n, 1_999)).toBe('running')
    expect(roundPhase(2_000n, 2_000)).toBe('ended')
    const model = fomoGameModel(input())
    expect(model).toMatchObject({ phase: 'running', left: 500, endTime: 2_000n, roundIndex: 4n })
    expect(fomoGameModel(input({ totals: undefined }))).toMatchObject({ phase: undefined, left: 0, endTime: 0n })
    expect(fomoGameModel(input({ totals: totals({ roundEndTime: 0n }) })).phase).toBe('waiting')
  })

  it('lists the last qualifying deposits, latest first, with the share of the pot each would win now', () => {
    expect(leaderIndexes(undefined)).toEqual([])
    expect(leaderIndexes(round({ count: 0n }))).toEqual([])
    const { leaders, leadersLoading } = fomoGameModel(input())
    expect(leadersLoading).toBe(false)
    expect(leaders.map(({ orderIndex, place, shareBps, prize }) => [orderIndex, place, shareBps, prize])).toEqual([
      [12n, 1, 5_000n, unit(500n)],
      [9n, 2, 2_000n, unit(200n)],
    ])
    expect(leaders[0]?.order?.index).toBe(12n)
    // the orders still read
    expect(fomoGameModel(input({ leaderOrders: undefined })).leaders[1]?.order).toBeUndefined()
    // the round still read
    expect(fomoGameModel(input({ round: undefined }))).toMatchObject({ leaders: [], leadersLoading: true })
  })

  it('shows the five stake tiers from the pool’s config', () => {
    const { tiers } = fomoGameModel(input())
    expect(tiers).toHaveLength(5)
    expect(tiers[4]).toEqual({ index: 4, days: 90n, rateBps: 500n, surplusBps: 10_000n })
    expect(fomoGameModel(input({ multi: undefined })).tiers[0]).toEqual({
      index: 0,
      days: undefined,
      rateBps: undefined,
      surplusBps: undefined,
    })
  })

  it('gives the account’s room under the pool’s maximum', () => {
    expect(fomoGameModel(input()).room).toBe(unit(1_000n))
    const some = { ...userOf(unit(300n)) }
    expect(fomoGameModel(input({ user: some })).room).toBe(unit(700n))
    expect(fomoGameModel(input({ user: userOf(unit(1_200n)) })).room).toBe(0n)
    expect(fomoGameModel(input({ config: undefined })).room).toBeUndefined()
  })

  it('plans a USDT order in the chosen tier, checked against the minimum, the room and the balance', () => {
    const model = fomoGameModel(input())
    expect(model.balance).toBe(unit(500n))
    expect(model.nexCost).toBeUndefined()
    const plan = model.deposit
    expect(plan.amount).toEqual({ input: '100', rules: { min: unit(10n), max: unit(1_000n), balance: unit(500n) } })
    expect(plan.spend).toEqual({ token: contracts.usdt, spender: contracts.pool })
    expect(plan.check?.(unit(100n))).toBeUndefined()
    expect(plan.request(unit(100n))).toEqual({
      address: contracts.pool,
      abi: fomoAbi,
      functionName: 'burn',
      args: [2n, 1n, unit(100n), true, 0n],
    })
    expect(plan.success?.message).toBe('Deposited')
  })

  it('refuses an empty or zero order, one below the pool’s minimum, above the room or above the balance', () => {
    const rules = fomoGameModel(input({ user: userOf(unit(700n)) })).deposit.amount?.rules
    const message = (typed: string) => {
      const checked = checkAmount(typed, rules)
      return checked.ok ? checked.value : checked.message.message
    }
    expect(message('')).toBe('Quantity must be greater than 0')
    expect(message('0')).toBe('Quantity must be greater than 0')
    expect(message('9.99')).toBe('Below the minimum')
    expect(message('10')).toBe(unit(10n))
    // the room (300 USDT left under 1,000) speaks before the balance (500 USDT)
    expect(message('300')).toBe(unit(300n))
    expect(message('300.01')).toBe('Exceeds the maximum')
    const poor = fomoGameModel(input({ usdtBalance: unit(20n) })).deposit.amount?.rules
    expect(checkAmount('20.5', poor)).toMatchObject({ ok: false, message: { message: 'Balance Insufficient' } })
    // the account at its maximum: no order passes
    const full = fomoGameModel(input({ user: userOf(unit(1_000n)) })).deposit.amount?.rules
    expect(checkAmount('10', full)).toMatchObject({ ok: false, message: { message: 'Exceeds the maximum' } })
  })

  it('plans a NEX order with the least USDT its sale must bring, whichever token the pair lists first', () => {
    const form = { tier: 0, payWith: 'NEX' as const, input: '100' }
    const expected = fomoMinUsdt({
      nexIn: unit(1_000n),
      reserveNex: unit(1_000_000n),
      reserveUsdt: unit(100_000n),
      pairFeeBps: 30,
      toleranceBps: 100,
    })
    expect(expected).toBeGreaterThan(0n)
    const model = fomoGameModel(input({ form, quote: nexQuote }))
    expect(model).toMatchObject({ balance: unit(2_000n), nexCost: unit(1_000n), minUsdt: expected })
    const plan = model.deposit
    // the NEX balance is checked against the cost, not the USDT amount
    expect(plan.amount?.rules?.balance).toBeUndefined()
    expect(plan.spend).toEqual({ token: contracts.nex, spender: contracts.pool })
    expect(plan.check?.(unit(100n))).toBeUndefined()
    expect(plan.request(unit(100n))).toMatchObject({ args: [0n, 1n, unit(100n), false, expected] })
    const flipped = fomoGameModel(
      input({ form, quote: { ...nexQuote, reserves: [unit(100_000n), unit(1_000_000n), 0], token0: contracts.usdt } }),
    )
    expect(flipped.minUsdt).toBe(expected)
  })

  it('refuses a NEX order without a NEX price or above the NEX balance', () => {
    const form = { tier: 0, payWith: 'NEX' as const, input: '100' }
    const noPrice = fomoGameModel(input({ form })).deposit
    expect(noPrice.check?.(unit(100n))?.message).toBe('No NEX price yet: pay with USDT or try again later')
    const emptyPair = fomoGameModel(input({ form, quote: { ...nexQuote, reserves: [0n, 0n, 0] } })).deposit
    expect(emptyPair.check?.(unit(100n))?.message).toBe('No NEX price yet: pay with USDT or try again later')
    const short = fomoGameModel(input({ form, quote: nexQuote, nexBalance: unit(999n) })).deposit
    expect(short.check?.(unit(100n))?.message).toBe('Balance Insufficient')
  })

  it('reads the NEX quote only for a positive amount paid with NEX where there is a pair', () => {
    expect(quoteAmount({ tier: 0, payWith: 'NEX', input: '1.5' }, contracts.pair)).toBe(unit(3n) / 2n)
    expect(quoteAmount({ tier: 0, payWith: 'USDT', input: '1.5' }, contracts.pair)).toBeUndefined()
    expect(quoteAmount({ tier: 0, payWith: 'NEX', input: '0' }, contracts.pair)).toBeUndefined()
    expect(quoteAmount({ tier: 0, payWith: 'NEX', input: '' }, contracts.pair)).toBeUndefined()
    expect(quoteAmount({ tier: 0, payWith: 'NEX', input: '1' }, undefined)).toBeUndefined()
  })

  it('plans the settlement of an ended round', () => {
    expect(fomoGameModel(input()).settle.request(undefined)).toEqual({
      address: contracts.pool,
      abi: fomoAbi,
      functionName: 'updatePool',
    })
  })

  it('without an account: no balances and not connected', () => {
    const model = fomoGameModel(input({ account: undefined, usdtBalance: undefined, nexBalance: undefined }))
    expect(model.connected).toBe(false)
    expect(model.balance).toBeUndefined()
    expect(model.deposit.amount?.rules?.balance).toBeUndefined()
  })

  it('shows the latest settled rounds only, at most ten', () => {
    const node = (round: number, settled: boolean) => ({
      round: String(round),
      settled,
      endTime: '0',
      pot: null,
      paid: null,
      settler: null,
      winners: [],
      settlementTransaction: null,
    })
    expect(settledRounds(undefined)).toEqual([])
    const nodes = [node(12, false), ...Array.from({ length: 11 }, (_, i) => node(11 - i, true))]
    const shown = settledRounds(nodes)
    expect(shown).toHaveLength(ROUNDS_SHOWN)
    expect(shown.map((round) => round.round)).toEqual(['11', '10', '9', '8', '7', '6', '5', '4', '3', '2'])
  })
})

function userOf(amount: bigint) {
  return {
    index: 1n,
    orders: 1n,
    amount,
    total: amount,
    balance: 0n,
    rewardStatic: 0n,
    rewardStaticToken: 0n,
    rewardDirect: 0n,
    rewardIndirect: 0n,
    rewardTeam: 0n,
    rewardFOMO: 0n,
    lastOut: 0n,
  }
}
