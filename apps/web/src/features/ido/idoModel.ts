import type { idoAbi } from '@nexus/abi'
import type { ContractFunctionReturnType } from 'viem'
import type { MintNode } from './IdoPage.tsx'

export type IdoRound = ContractFunctionReturnType<typeof idoAbi, 'view', 'idos'>
export type IdoRoundState = ContractFunctionReturnType<typeof idoAbi, 'view', 'getRoundState'>

/** Rounds configured after the current one that the list reads (Ido sets the next ones ahead). */
export const ROUNDS_AHEAD = 3n

/** The round indexes the list reads: every round up to the current one and {@link ROUNDS_AHEAD} after it. */
export function roundIndexes(current: bigint): bigint[] {
  const indexes: bigint[] = []
  for (let index = 0n; index <= current + ROUNDS_AHEAD; index++) indexes.push(index)
  return indexes
}

/** Where a round of the list stands. */
export type RoundListState = 'ended' | 'upcoming' | 'soldOut' | 'inProgress'

/**
 * A round's state from the current round and Ido's round state: earlier rounds ended, later ones upcoming; the
 * current one sold out, in progress while selling, ended after it (or in the cooldown); one without a start, or
 * counting down, upcoming until its start (the state's, which a cooldown may delay) passes on the page's chain clock,
 * and upcoming as the chain said while that clock is unknown. Undefined until the current round and its state are
 * read.
 */
export function roundListState(
  round: IdoRound,
  current: bigint | undefined,
  state: IdoRoundState | undefined,
  now: number | undefined,
): RoundListState | undefined {
  if (current === undefined || !state) return undefined
  if (round.index < current) return 'ended'
  if (round.index > current) return 'upcoming'
  if (round.idoTotal >= round.idoMax) return 'soldOut'
  if (state.status === 2) return 'inProgress'
  if (state.status === 3 || state.status === 4) return 'ended'
  if (state.status === 0 || now === undefined) return 'upcoming'
  return BigInt(now) < state.startTime ? 'upcoming' : 'inProgress'
}

export type IdoRoundsModel = {
  /** True until the rounds are read. */
  loading: boolean
  rounds: readonly {
    index: bigint
    /** The round as users count it (from 1). */
    number: bigint
    forSale: bigint
    sold: bigint
    price: bigint
    /** Undefined when the round has no start set. */
    start: bigint | undefined
    state: RoundListState | undefined
  }[]
}

/** The rounds table of `/ido`: every configured round (one with units for sale) with its figures and state. */
export function idoRoundsModel(
  rounds: readonly (IdoRound | undefined)[] | undefined,
  current: bigint | undefined,
  state: IdoRoundState | undefined,
  now: number | undefined,
): IdoRoundsModel {
  return {
    loading: rounds === undefined,
    rounds: (rounds ?? [])
      .filter((round): round is IdoRound => round !== undefined && round.idoMax > 0n)
      .map((round) => ({
        index: round.index,
        number: round.index + 1n,
        forSale: round.idoMax,
        sold: round.idoTotal,
        price: round.idoAmount,
        start: round.startTime > 0n ? round.startTime : undefined,
        state: roundListState(round, current, state, now),
      })),
  }
}

/** Ido's `Minted.payment`: 0 USDT, 1 NEX (at the TWAP), 2 BNB, 3 credited by an authorized minter. */
export type MintPayment = 'USDT' | 'NEX' | 'BNB' | 'credited'
const PAYMENT_KINDS: Record<number, MintPayment> = { 0: 'USDT', 1: 'NEX', 2: 'BNB', 3: 'credited' }

export type MintRowModel = {
  /** The round as users count it (from 1). */
  round: string
  /** Undefined for a payment kind the page does not know. */
  payment: MintPayment | undefined
  units: bigint
  /** What was paid: NEX for a NEX payment, else USDT (BNB is swapped to USDT). */
  paid: { amount: bigint; token: 'USDT' | 'NEX' }
  tokens: bigint
  nfts: bigint
  time: bigint
}

export function mintRowModel(node: MintNode): MintRowModel {
  return {
    round: (BigInt(node.round) + 1n).toString(),
    payment: PAYMENT_KINDS[node.payment],
    units: BigInt(node.times),
    paid:
      node.payment === 1
        ? { amount: BigInt(node.amountNEX), token: 'NEX' }
        : { amount: BigInt(node.amount), token: 'USDT' },
    tokens: BigInt(node.tokens),
    nfts: BigInt(node.nfts),
    time: BigInt(node.timestamp),
  }
}
