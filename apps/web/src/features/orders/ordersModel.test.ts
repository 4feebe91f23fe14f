import { describe, expect, it } from 'vitest'
import { zeroAddress } from 'viem'
import { burnOrderRowModel, invitationKey, invitationRowModel } from './ordersModel.ts'
import type { BurnOrder } from './ordersModel.ts'
import type { BurnOrderNode, InvitationOrderNode } from './queries.ts'

const E18 = 10n ** 18n
const DAY = 86_400

const node = (over: Partial<BurnOrderNode> = {}): BurnOrderNode => ({
  index: '4',
  amount: (100n * E18).toString(),
  tokens: (950n * E18).toString(),
  status: 'active',
  paymentToken: 'USDT',
  startTime: '1000',
  endTime: String(1_000 + 30 * DAY),
  transactionHash: '0x01',
  ...over,
})

const order = (over: Partial<BurnOrder> = {}): BurnOrder => ({
  isValid: true,
  isBNB: false,
  index: 4n,
  userIndex: 0n,
  amount: 100n * E18,
  tokens: 950n * E18,
  debt: 0n,
  rewardSurplus: 0n,
  reward: 30n * E18,
  startTime: 1_000n,
  endTime: BigInt(1_000 + 31 * DAY),
  owner: zeroAddress,
  ...over,
})

describe('a burn order’s row', () => {
  it('takes the live reward (credited plus accrued) out of the 1.5× cap, and the chain’s end time', () => {
    const row = burnOrderRowModel(node(), { order: order(), pending: 15n * E18 }, 15_000n, 1_000 + DAY + 3_600 + 120)
    expect(row).toEqual({
      index: '4',
      out: false,
      amount: 100n * E18,
      paidInBnb: false,
      tokens: 950n * E18,
      reward: 45n * E18,
      cap: 150n * E18,
      startTime: 1_000n,
      endTime: BigInt(1_000 + 31 * DAY),
      timeLeft: { days: 29, hours: 22, minutes: 58 },
      progress: 30,
    })
  })

  it('shows the indexed record until the chain is read: no reward, the indexed end, out by its status', () => {
    const row = burnOrderRowModel(node({ status: 'out' }), { order: undefined, pending: undefined }, undefined, 2_000)
    expect(row).toMatchObject({ out: true, reward: undefined, cap: undefined, progress: 0, timeLeft: undefined })
    expect(row.endTime).toBe(BigInt(1_000 + 30 * DAY))
    expect(
      burnOrderRowModel(node({ endTime: null }), { order: undefined, pending: undefined }, 15_000n, 2_000).endTime,
    ).toBeUndefined()
  })

  it('is out once the chain says it is not valid, with no time left and no accrual', () => {
    const row = burnOrderRowModel(node(), { order: order({ isValid: false }), pending: 15n * E18 }, 15_000n, 2_000)
    expect(row.out).toBe(true)
    expect(row.reward).toBe(30n * E18)
    expect(row.timeLeft).toBeUndefined()
  })

  it('has no time left past its end, none before the chain time is known, and a full bar at the cap', () => {
    const ended = burnOrderRowModel(
      node(),
      { order: order({ reward: 200n * E18 }), pending: 0n },
      15_000n,
      1_000 + 40 * DAY,
    )
    expect(ended.timeLeft).toEqual({ days: 0, hours: 0, minutes: 0 })
    expect(ended.progress).toBe(100)
    expect(burnOrderRowModel(node(), { order: order(), pending: 0n }, 15_000n, undefined).timeLeft).toBeUndefined()
  })

  it('says when it was paid in BNB', () => {
    expect(
      burnOrderRowModel(node({ paymentToken: 'BNB' }), { order: undefined, pending: undefined }, 1n, 0).paidInBnb,
    ).toBe(true)
  })
})

describe('an invitation reward’s row', () => {
  const credit = (over: Partial<InvitationOrderNode> = {}): InvitationOrderNode => ({
    counterparty: '0x00000000000000000000000000000000000000ab',
    amount: (12n * E18).toString(),
    orderIndex: '9',
    creditKind: 2,
    timestamp: '1767225600',
    transactionHash: '0xaa',
    blockNumber: '12',
    ...over,
  })

  it('names the kind, the invitee shortened, the order and the time', () => {
    expect(invitationRowModel(credit())).toEqual({
      kind: 'indirect',
      amount: 12n * E18,
      from: '0x0000..000AB',
      orderIndex: '9',
      time: 1_767_225_600n,
    })
    expect(invitationRowModel(credit({ creditKind: 1 })).kind).toBe('direct')
    expect(invitationRowModel(credit({ creditKind: 3 })).kind).toBe('team')
  })

  it('leaves out what the event does not name', () => {
    expect(invitationRowModel(credit({ creditKind: null, counterparty: null, orderIndex: null }))).toMatchObject({
      kind: undefined,
      from: undefined,
      orderIndex: undefined,
    })
    expect(invitationRowModel(credit({ creditKind: 7 })).kind).toBeUndefined()
  })

  it('is keyed by transaction, order and kind', () => {
    expect(invitationKey(credit())).toBe('0xaa:9:2')
    expect(invitationKey(credit({ orderIndex: null, creditKind: null }))).toBe('0xaa::')
  })
})
