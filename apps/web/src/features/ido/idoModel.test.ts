import { describe, expect, it } from 'vitest'
import { idoRoundsModel, mintRowModel, roundIndexes, roundListState, ROUNDS_AHEAD } from './idoModel.ts'
import type { IdoRound, IdoRoundState } from './idoModel.ts'
import type { MintNode } from './IdoPage.tsx'

const E18 = 10n ** 18n

const round = (over: Partial<IdoRound> = {}): IdoRound => ({
  index: 1n,
  idoMax: 100n,
  idoTotal: 40n,
  idoAmount: 100n * E18,
  idoTokens: 1_000n * E18,
  startTime: 1_000n,
  ...over,
})

const state = (status: number): IdoRoundState => ({
  status,
  round: 1n,
  startTime: 1_000n,
  endTime: 0n,
  coolEnd: 0n,
  hasNext: false,
  next: { index: 0n, idoMax: 0n, idoTotal: 0n, idoAmount: 0n, idoTokens: 0n, startTime: 0n },
  nextStartTime: 0n,
})

describe('the rounds table', () => {
  it('reads every round up to the current one and a few after it', () => {
    expect(roundIndexes(0n)).toEqual([0n, 1n, 2n, 3n])
    expect(roundIndexes(2n)).toHaveLength(Number(2n + ROUNDS_AHEAD + 1n))
  })

  it('ends earlier rounds and keeps later ones upcoming', () => {
    expect(roundListState(round({ index: 0n }), 1n, state(2), 2_000)).toBe('ended')
    expect(roundListState(round({ index: 2n }), 1n, state(2), 2_000)).toBe('upcoming')
  })

  it('states the current round: sold out, in progress, ended after selling, else by its start', () => {
    expect(roundListState(round({ idoTotal: 100n }), 1n, state(2), 2_000)).toBe('soldOut')
    expect(roundListState(round(), 1n, state(2), 500)).toBe('inProgress')
    expect(roundListState(round(), 1n, state(3), 2_000)).toBe('ended')
    expect(roundListState(round(), 1n, state(4), 2_000)).toBe('ended')
    expect(roundListState(round(), 1n, state(1), 500)).toBe('upcoming')
    expect(roundListState(round(), 1n, state(1), 1_000)).toBe('inProgress')
  })

  it('keeps a round upcoming while it has no start, or the chain clock is unknown, and counts from its delayed start', () => {
    expect(roundListState(round({ startTime: 0n }), 1n, { ...state(0), startTime: 0n }, 2_000)).toBe('upcoming')
    expect(roundListState(round(), 1n, state(1), undefined)).toBe('upcoming')
    // a cooldown delays the start: the state's start counts, not the round's configured one
    const delayed = { ...state(1), startTime: 1_500n }
    expect(roundListState(round(), 1n, delayed, 1_200)).toBe('upcoming')
    expect(roundListState(round(), 1n, delayed, 1_500)).toBe('inProgress')
  })

  it('has no state until the current round and its state are read', () => {
    expect(roundListState(round(), undefined, state(2), 2_000)).toBeUndefined()
    expect(roundListState(round(), 1n, undefined, 2_000)).toBeUndefined()
  })

  it('lists the configured rounds (units for sale) from 1, with no start shown when none is set', () => {
    const model = idoRoundsModel(
      [round({ index: 0n, startTime: 0n }), round(), undefined, round({ index: 3n, idoMax: 0n })],
      1n,
      state(2),
      2_000,
    )
    expect(model.loading).toBe(false)
    expect(model.rounds).toEqual([
      { index: 0n, number: 1n, forSale: 100n, sold: 40n, price: 100n * E18, start: undefined, state: 'ended' },
      { index: 1n, number: 2n, forSale: 100n, sold: 40n, price: 100n * E18, start: 1_000n, state: 'inProgress' },
    ])
  })

  it('is loading until the rounds are read, and empty when none is configured', () => {
    expect(idoRoundsModel(undefined, undefined, undefined, undefined)).toEqual({ loading: true, rounds: [] })
    expect(idoRoundsModel([round({ idoMax: 0n })], 0n, state(0), 0)).toEqual({ loading: false, rounds: [] })
  })
})

describe('a mint’s row', () => {
  const mint: MintNode = {
    round: '1',
    times: '3',
    amount: (300n * E18).toString(),
    amountNEX: '0',
    tokens: (3_000n * E18).toString(),
    nfts: '3',
    payment: 0,
    timestamp: '1767225600',
    transactionHash: '0x01',
  }

  it('counts the round from 1 and shows what was paid in USDT', () => {
    expect(mintRowModel(mint)).toEqual({
      round: '2',
      payment: 'USDT',
      units: 3n,
      paid: { amount: 300n * E18, token: 'USDT' },
      tokens: 3_000n * E18,
      nfts: 3n,
      time: 1_767_225_600n,
    })
  })

  it('shows a NEX payment in NEX, a BNB payment as the USDT it was swapped to, and names credits', () => {
    expect(mintRowModel({ ...mint, payment: 1, amountNEX: (12n * E18).toString() })).toMatchObject({
      payment: 'NEX',
      paid: { amount: 12n * E18, token: 'NEX' },
    })
    expect(mintRowModel({ ...mint, payment: 2 })).toMatchObject({ payment: 'BNB', paid: { token: 'USDT' } })
    expect(mintRowModel({ ...mint, payment: 3 }).payment).toBe('credited')
    expect(mintRowModel({ ...mint, payment: 9 }).payment).toBeUndefined()
  })
})
