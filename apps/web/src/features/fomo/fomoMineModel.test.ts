import { describe, expect, it } from 'vitest'
import { doubleAbi, fomoAbi } from '@nexus/abi'
import type { Address } from 'viem'
import {
  doubleRecordsOf,
  fomoMineModel,
  lineFigures,
  orderRowModel,
  owedRecordsOf,
  prizeRoundsOf,
} from './fomoMineModel.ts'
import type { DoubleLine, DoubleRecord, DoubleUserInfo, FomoMineInput, FomoUser } from './fomoMineModel.ts'
import { DOUBLE_MAX_AMOUNT } from './doubleDeposit.ts'
import { fomoConfig, fomoOrder, ME, unit } from './fomoTestData.ts'

const usdt = unit
const ZERO = '0x0000000000000000000000000000000000000000' as Address
const me = ME
const other = '0x00000000000000000000000000000000000000bb' as Address
const contracts = {
  pool: '0x0000000000000000000000000000000000000001' as Address,
  usdt: '0x0000000000000000000000000000000000000002' as Address,
  double: '0x0000000000000000000000000000000000000003' as Address,
}

function user(fields: Partial<FomoUser> = {}): FomoUser {
  return {
    index: 1n,
    orders: 0n,
    amount: 0n,
    total: 0n,
    balance: 0n,
    rewardStatic: 0n,
    rewardStaticToken: 0n,
    rewardDirect: 0n,
    rewardIndirect: 0n,
    rewardTeam: 0n,
    rewardFOMO: 0n,
    lastOut: 0n,
    ...fields,
  }
}

const order = fomoOrder

function record(fields: Partial<DoubleRecord> = {}): DoubleRecord {
  return {
    isValid: true,
    index: 1n,
    userIndex: 0n,
    fomoIndex: 0n,
    amount: usdt(10n),
    price: 0n,
    reward: usdt(20n),
    startTime: 1_000n,
    endTime: 2_000n,
    owner: me,
    released: 0n,
    ...fields,
  }
}

function info(records: DoubleRecord[], fields: Partial<DoubleUserInfo[0]> = {}): DoubleUserInfo {
  return [
    {
      index: 1n,
      amount: 0n,
      total: usdt(10n),
      rewardRelease: usdt(4n),
      balance: 0n,
      stakes: 0n,
      lastOut: 0n,
      ...fields,
    },
    records,
  ]
}

function line(fields: Partial<DoubleLine> = {}): DoubleLine {
  return {
    position: 2n,
    owedAhead: usdt(30n),
    owedSelf: usdt(20n),
    held: usdt(40n),
    owed: usdt(50n),
    complete: true,
    ...fields,
  }
}

/** A connected account with every read answered and nothing held yet. */
function input(fields: Partial<FomoMineInput> = {}): FomoMineInput {
  return {
    contracts,
    pool: 'Fomo',
    account: me,
    who: me,
    now: 1_500,
    config: undefined,
    user: user(),
    rounds: [],
    prizeReads: undefined,
    double: {
      answered: true,
      info: info([]),
      config: { dayTimes: 86_400n, feeRate: 0n, price: 0n, openClaim: true },
      multiple: 2n,
      held: [usdt(40n), usdt(50n)],
      usdtBalance: usdt(100n),
      allowance: 0n,
      paused: false,
    },
    recordOrders: undefined,
    lines: undefined,
    doubleInput: '',
    ...fields,
  }
}

/** No account: the reads are made for the zero address and the account's parts stay empty. */
const disconnected = input({
  account: undefined,
  who: ZERO,
  user: undefined,
  rounds: undefined,
  double: { ...input().double, info: undefined, usdtBalance: undefined, allowance: undefined },
})

describe('the FOM Mine page model', () => {
  it('without an account: nothing loads, no orders list, the deposit note waits for the allowance', () => {
    const model = fomoMineModel(disconnected)
    expect(model.connected).toBe(false)
    expect(model.user).toBeUndefined()
    expect(model.prizes).toEqual({ loading: false, error: false, list: [] })
    expect(model.orders.variables).toBeUndefined()
    expect(model.double?.recordsLoading).toBe(false)
    expect(model.double?.records).toEqual([])
    expect(model.double?.approval).toBeUndefined()
    expect(model.double?.upTo).toBeUndefined()
  })

  it('while the reads are on their way: prizes and records load, figures are unknown', () => {
    const model = fomoMineModel(
      input({
        user: undefined,
        rounds: undefined,
        double: { ...input().double, answered: false, info: undefined, multiple: undefined, held: undefined },
      }),
    )
    expect(model.prizes.loading).toBe(true)
    expect(model.double?.recordsLoading).toBe(true)
    expect(model.double?.solvency).toBeUndefined()
    expect(model.double?.left).toBeUndefined()
    expect(model.feeRate).toBeUndefined()
  })

  it('lists the account’s orders of this pool from the index, lower-cased', () => {
    expect(fomoMineModel(input({ pool: 'SuperFomo' })).orders.variables).toEqual({
      account: me.toLowerCase(),
      contract: 'SuperFomo',
    })
  })

  it('finds the settled rounds the account won and keeps those with a prize still to claim', () => {
    const rounds = [
      { round: '1', settled: true, winners: [{ owner: me.toLowerCase() }] },
      { round: '2', settled: true, winners: [{ owner: other }, { owner: null }] },
      { round: '3', settled: false, winners: [{ owner: me.toLowerCase() }] },
      { round: '4', settled: true, winners: [{ owner: other }, { owner: me.toLowerCase() }] },
    ]
    expect(prizeRoundsOf(rounds, me)).toEqual([1n, 4n])
    expect(prizeRoundsOf(rounds, undefined)).toEqual([])
    expect(prizeRoundsOf('error', me)).toEqual([])
    // the prizes still read: loading
    expect(fomoMineModel(input({ rounds })).prizes.loading).toBe(true)
    // round 1 claimed (prizeOf 0), round 4 still to claim
    const model = fomoMineModel(input({ rounds, prizeReads: [0n, usdt(7n)] }))
    expect(model.prizes).toEqual({ loading: false, error: false, list: [{ round: 4n, prize: usdt(7n) }] })
    // a failed read counts as nothing to claim
    expect(fomoMineModel(input({ rounds, prizeReads: [undefined, undefined] })).prizes.list).toEqual([])
  })

  it('reports a failed rounds list as an error, not as loading', () => {
    expect(fomoMineModel(input({ rounds: 'error' })).prizes).toEqual({ loading: false, error: true, list: [] })
  })

  it('plans the rewards claim with the handling fee and refuses an empty balance', () => {
    const config = { ...configOf(), handleGas: 123n }
    const empty = fomoMineModel(input({ config, user: user({ balance: 0n }) })).claim(0n)
    expect(empty.check?.(undefined)?.message).toBe('Nothing to claim yet')
    const plan = fomoMineModel(input({ config, user: user({ balance: usdt(1n) }) })).claim(0n)
    expect(plan.check?.(undefined)).toBeUndefined()
    expect(plan.request(undefined)).toEqual({
      address: contracts.pool,
      abi: fomoAbi,
      functionName: 'claimReward',
      args: [0n],
      value: 123n,
    })
    expect(plan.success?.message).toBe('Claimed')
    // a round prize is claimed whatever the balance; the fee is 0 while the config is read
    const prize = fomoMineModel(input({ user: user({ balance: 0n }) })).claim(4n)
    expect(prize.check?.(undefined)).toBeUndefined()
    expect(prize.request(undefined)).toMatchObject({ args: [4n], value: 0n })
  })

  it('refuses a release before the order unlocks on the chain’s clock', () => {
    const locked = fomoMineModel(input({ now: 1_999 })).release(5n, 2_000n)
    expect(locked.check?.(undefined)?.message).toContain('This order is locked until')
    const due = fomoMineModel(input({ now: 2_000 })).release(5n, 2_000n)
    expect(due.check?.(undefined)).toBeUndefined()
    expect(due.request(undefined)).toEqual({
      address: contracts.pool,
      abi: fomoAbi,
      functionName: 'release',
      args: [5n],
    })
    // the time unknown: the contract decides
    expect(
      fomoMineModel(input({ now: undefined }))
        .release(5n, 2_000n)
        .check?.(undefined),
    ).toBeUndefined()
  })

  it('tells an order’s state and whether it can be released', () => {
    expect(orderRowModel(undefined, 1_500)).toEqual({ state: undefined, releasable: false })
    expect(orderRowModel(order({ status: 1n }), 1_500)).toEqual({ state: 'locked', releasable: true })
    expect(orderRowModel(order({ status: 1n }), 2_000)).toEqual({ state: 'unlocked', releasable: true })
    expect(orderRowModel(order({ status: 2n }), 1_500)).toEqual({ state: 'unlocked', releasable: true })
    expect(orderRowModel(order({ status: 3n }), 2_500)).toEqual({ state: 'completed', releasable: false })
    expect(orderRowModel(order({ status: 4n }), 2_500)).toEqual({ state: 'forced', releasable: false })
  })
})

describe('the doubling deposit on the FOM Mine page', () => {
  it('has no part without a Double contract', () => {
    expect(fomoMineModel(input({ contracts: { ...contracts, double: undefined } })).double).toBeUndefined()
  })

  it('keeps the direct deposits and the records of this pool’s own orders', () => {
    const direct = record({ index: 1n, fomoIndex: 0n })
    const mine = record({ index: 2n, fomoIndex: 7n, startTime: 1_100n })
    const otherPool = record({ index: 3n, fomoIndex: 8n, startTime: 1_200n })
    const records = [direct, mine, otherPool]
    const orders = [undefined, order({ index: 7n, startTime: 1_100n }), order({ index: 8n, startTime: 999n })]
    expect(doubleRecordsOf(records, orders)).toEqual([direct, mine])
    // the orders still read: only the direct deposit
    expect(doubleRecordsOf(records, undefined)).toEqual([direct])
    // an order of that index owned by someone else
    expect(doubleRecordsOf([mine], [order({ index: 7n, startTime: 1_100n, owner: other })])).toEqual([])
    const model = fomoMineModel(input({ double: { ...input().double, info: info(records) }, recordOrders: orders }))
    expect([...model.orders.doubled]).toEqual([0n, 7n])
    expect(model.double?.records.map((entry) => [entry.record.index, entry.direct])).toEqual([
      [1n, true],
      [2n, false],
    ])
  })

  it('derives what the account may still receive and how far the pool covers what it owes', () => {
    const model = fomoMineModel(input())
    expect(model.double?.upTo).toBe(usdt(20n))
    expect(model.double?.left).toBe(usdt(16n))
    expect(model.double?.owed).toBe(usdt(50n))
    expect(model.double?.solvency).toMatchObject({ holds: usdt(40n), coverageBps: 8_000n })
    const covered = fomoMineModel(input({ double: { ...input().double, held: [usdt(60n), usdt(50n)] } }))
    // holding more than the records may release: what it holds counts as owed (Double reports no excess)
    expect(covered.double?.solvency).toMatchObject({ coverageBps: 10_000n, status: 'exact' })
    const owesNothing = fomoMineModel(input({ double: { ...input().double, held: [0n, 0n] } }))
    expect(owesNothing.double?.solvency?.coverageBps).toBeUndefined()
  })

  it('shows each record’s vesting and, while it is owed, its place in line', () => {
    const owed = record({ index: 1n })
    const paid = record({ index: 2n, isValid: false, endTime: 1_200n, released: usdt(20n) })
    expect(owedRecordsOf([owed, paid])).toEqual([owed])
    const model = fomoMineModel(
      input({
        now: 1_250,
        double: { ...input().double, info: info([owed, paid]) },
        lines: [line({ complete: false })],
      }),
    )
    const [first, second] = model.double?.records ?? []
    expect(first?.vested).toBe(usdt(5n))
    expect(first?.line).toEqual({
      position: 2n,
      complete: false,
      owedAhead: usdt(30n),
      owedSelf: usdt(20n),
      short: usdt(10n),
    })
    expect(second?.vested).toBe(usdt(20n))
    expect(second?.line).toBeUndefined()
    // a line at position 0 (paid since) or still read shows nothing
    expect(lineFigures(line({ position: 0n }))).toBeUndefined()
    expect(lineFigures(undefined)).toBeUndefined()
    expect(lineFigures(line({ held: usdt(100n) }))?.short).toBe(0n)
  })

  it('plans the direct deposit for the account itself, approving USDT that covers the amount', () => {
    const double = fomoMineModel(input({ doubleInput: '10' })).double
    expect(double?.maxPerDeposit).toBe(DOUBLE_MAX_AMOUNT)
    const plan = double?.deposit
    expect(plan?.amount).toEqual({ input: '10', rules: { min: 1n, max: DOUBLE_MAX_AMOUNT, balance: usdt(100n) } })
    expect(plan?.spend).toEqual({ token: contracts.usdt, spender: contracts.double, coversAmount: true })
    expect(plan?.check?.(usdt(10n))).toBeUndefined()
    expect(plan?.request(usdt(10n))).toEqual({
      address: contracts.double,
      abi: doubleAbi,
      functionName: 'deposit',
      args: [me, usdt(10n), 0n],
    })
  })

  it('refuses a deposit while Double is closed to new money or paused, and says the form is closed', () => {
    const closed = fomoMineModel(
      input({ double: { ...input().double, config: { ...doubleConfig(), openClaim: false } } }),
    )
    expect(closed.double?.open).toBe(false)
    expect(closed.double?.deposit.check?.(usdt(1n))?.message).toContain('no new deposits')
    const paused = fomoMineModel(input({ double: { ...input().double, paused: true } }))
    expect(paused.double?.open).toBe(true)
    expect(paused.double?.deposit.check?.(usdt(1n))?.message).toContain('paused')
    // the config still read: the form shows
    expect(fomoMineModel(input({ double: { ...input().double, config: undefined } })).double?.open).toBe(true)
  })

  it('tells whether the typed deposit asks for an approval first', () => {
    const allowed = { ...input().double, allowance: usdt(50n) }
    expect(fomoMineModel(input({ double: allowed, doubleInput: '50' })).double?.approval).toBe(false)
    expect(fomoMineModel(input({ double: allowed, doubleInput: '50.5' })).double?.approval).toBe(true)
    // not a valid amount: only the allowance counts
    expect(fomoMineModel(input({ double: allowed, doubleInput: 'abc' })).double?.approval).toBe(false)
    expect(fomoMineModel(input({ doubleInput: '1' })).double?.approval).toBe(true)
  })

  it('refuses to claim Double with nothing released to claim', () => {
    const empty = fomoMineModel(input()).double?.claim
    expect(empty?.check?.(undefined)?.message).toBe('Nothing to claim yet')
    expect(empty?.request(undefined)).toEqual({ address: contracts.double, abi: doubleAbi, functionName: 'claim' })
    const some = fomoMineModel(input({ double: { ...input().double, info: info([], { balance: 1n }) } })).double
    expect(some?.claim.check?.(undefined)).toBeUndefined()
    // the account's record still read: the contract decides
    expect(fomoMineModel(disconnected).double?.claim.check?.(undefined)).toBeUndefined()
  })
})

function doubleConfig() {
  return { dayTimes: 86_400n, feeRate: 0n, price: 0n, openClaim: true }
}

function configOf() {
  return fomoConfig({ feeRate: 1_000n })
}
