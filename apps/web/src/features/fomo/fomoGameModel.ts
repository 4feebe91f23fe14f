import { useMemo } from 'react'
import { msg } from '@lingui/core/macro'
import { fomoAbi, iUniswapV2PairAbi } from '@nexus/abi'
import { fomoMinUsdt } from '@nexus/sdk'
import { erc20Abi, isAddressEqual } from 'viem'
import type { Address, ContractFunctionReturnType } from 'viem'
import { ok, useChainNow, useChainReads, useNamedChainReads } from '../../data/ChainData.tsx'
import type { FomoRoundsData } from '../../data/recordQueries.ts'
import { writeRequest } from '../../hooks/useTransaction.ts'
import type { TransactionPlan } from '../../hooks/useTransaction.ts'
import { typedAmount } from '../../lib/amountInput.ts'
import { dexFeeBps } from '../../lib/appChain.ts'
import { env } from '../../lib/env.ts'
import { secondsUntil, WINNER_SHARES_BPS } from '../../components/blocks/records/recordFormat.ts'
import { useReader } from '../../components/blocks/records/RecordParts.tsx'
import type { FomoConfig, FomoOrder, FomoUser } from './fomoMineModel.ts'

type FomoRead<name extends 'getConfigMulti' | 'getTotals' | 'getValues' | 'getRound'> = ContractFunctionReturnType<
  typeof fomoAbi,
  'view',
  name
>
export type FomoConfigMulti = FomoRead<'getConfigMulti'>
export type FomoTotals = FomoRead<'getTotals'>
export type FomoValues = FomoRead<'getValues'>
export type FomoRound = FomoRead<'getRound'>
type PairReserves = ContractFunctionReturnType<typeof iUniswapV2PairAbi, 'view', 'getReserves'>

/** How far below the pair's quote the pool's sale of the NEX paid may fill (basis points) before the order reverts. */
export const NEX_TOLERANCE_BPS = 100
/** How many settled rounds the page lists. */
export const ROUNDS_SHOWN = 10
/** The pool's five stake tiers. */
export const FOMO_TIERS = [0, 1, 2, 3, 4] as const

/** What an order is paid with. */
export type PayWith = 'USDT' | 'NEX'
/** Where the round stands on the chain's clock: no qualifying deposit yet, counting down, or run out. */
export type RoundPhase = 'waiting' | 'running' | 'ended'

/** The contracts the page works with. */
export type FomoGameContracts = { pool: Address; usdt: Address; nex: Address; pair: Address | undefined }

/** What the deposit form holds. */
export type DepositForm = { tier: number; payWith: PayWith; input: string }

/** Everything the page's model is derived from. */
export type FomoGameInput = {
  contracts: FomoGameContracts
  account: Address | undefined
  now: number | undefined
  config: FomoConfig | undefined
  multi: FomoConfigMulti | undefined
  totals: FomoTotals | undefined
  values: FomoValues | undefined
  user: FomoUser | undefined
  usdtBalance: bigint | undefined
  nexBalance: bigint | undefined
  /** The current round (`getRound(totals.roundEndIndex)`). */
  round: FomoRound | undefined
  /** `orders(index)` for each of {@link leaderIndexes}' orders, in order. */
  leaderOrders: readonly (FomoOrder | undefined)[] | undefined
  form: DepositForm
  /** For an order paid with NEX: the pool's NEX cost of the amount and the pair's reserves (see {@link quoteAmount}). */
  quote: { nexCost: bigint | undefined; reserves: PairReserves | undefined; token0: Address | undefined }
  /** The pair's swap fee on this chain (basis points). */
  pairFeeBps: number
}

/** One of the last qualifying deposits, latest first, with the share of the pot it would win now. */
export type Leader = {
  orderIndex: bigint
  /** 1 for the latest. */
  place: number
  order: FomoOrder | undefined
  shareBps: bigint | undefined
  prize: bigint | undefined
}

/** The page's model: what `/fomo` and `/superFom` show and the writes they send. */
export type FomoGameModel = {
  connected: boolean
  config: FomoConfig | undefined
  totals: FomoTotals | undefined
  values: FomoValues | undefined
  round: FomoRound | undefined
  roundIndex: bigint | undefined
  phase: RoundPhase | undefined
  endTime: bigint
  /** Seconds left on the round's clock (0 when it is not running). */
  left: number
  leaders: Leader[]
  leadersLoading: boolean
  tiers: { index: number; days: bigint | undefined; rateBps: bigint | undefined; surplusBps: bigint | undefined }[]
  /** What the account may still deposit (its room under `userMax`). */
  room: bigint | undefined
  /** The balance of the token the order is paid with. */
  balance: bigint | undefined
  /** The NEX an order paid with NEX costs at the average price. */
  nexCost: bigint | undefined
  /** The least USDT the pool's sale of that NEX must bring (0 or undefined: no NEX price yet). */
  minUsdt: bigint | undefined
  deposit: TransactionPlan
  settle: TransactionPlan
}

/** The orders of the last qualifying deposits of a round, latest first (none while the round is read). */
export function leaderIndexes(round: Pick<FomoRound, 'winners' | 'count'> | undefined): bigint[] {
  return round ? round.winners.slice(0, Number(round.count)) : []
}

/** The amount the NEX quote is read for: a positive typed amount paid with NEX where there is a pair. */
export function quoteAmount(form: DepositForm, pair: Address | undefined): bigint | undefined {
  const value = typedAmount(form.input)
  return form.payWith === 'NEX' && value !== undefined && value > 0n && pair ? value : undefined
}

/** The round's phase on the chain's clock, undefined while the totals or the time are unknown. */
export function roundPhase(endTime: bigint | undefined, now: number | undefined): RoundPhase | undefined {
  if (endTime === undefined || now === undefined) return undefined
  if (endTime === 0n) return 'waiting'
  return secondsUntil(endTime, now) > 0 ? 'running' : 'ended'
}

/** The page's model from its reads (pure: unit-tested without a browser). */
export function fomoGameModel(input: FomoGameInput): FomoGameModel {
  const { contracts, config, user, round, form } = input
  const endTime = input.totals?.roundEndTime ?? 0n
  const nexCost = form.payWith === 'NEX' ? input.quote.nexCost : undefined
  const minUsdt = minUsdtOf(input, nexCost)
  const room = config && user ? (config.userMax > user.amount ? config.userMax - user.amount : 0n) : config?.userMax
  const paysUsdt = form.payWith === 'USDT'
  return {
    connected: input.account !== undefined,
    config,
    totals: input.totals,
    values: input.values,
    round,
    roundIndex: input.totals?.roundEndIndex,
    phase: roundPhase(input.totals && endTime, input.now),
    endTime,
    left: secondsUntil(endTime, input.now),
    leaders: leaderIndexes(round).map((orderIndex, position) => {
      const shareBps = WINNER_SHARES_BPS[position]
      return {
        orderIndex,
        place: position + 1,
        order: input.leaderOrders?.[position],
        shareBps,
        prize: round ? (round.pot * (shareBps ?? 0n)) / 10_000n : undefined,
      }
    }),
    leadersLoading: round === undefined,
    tiers: FOMO_TIERS.map((index) => ({
      index,
      days: input.multi?.stakeDays[index],
      rateBps: input.multi?.stakeRates[index],
      surplusBps: input.multi?.stakeSurplus[index],
    })),
    room,
    balance: paysUsdt ? input.usdtBalance : input.nexBalance,
    nexCost,
    minUsdt,
    deposit: {
      amount: {
        input: form.input,
        // an order is at least the pool's orderMin (the contract refuses less: FomoAmountOutOfRange)
        rules: { min: config?.orderMin, max: room, balance: paysUsdt ? input.usdtBalance : undefined },
      },
      check: () =>
        paysUsdt
          ? undefined
          : minUsdt === undefined || minUsdt === 0n
            ? msg`No NEX price yet: pay with USDT or try again later`
            : nexCost !== undefined && input.nexBalance !== undefined && nexCost > input.nexBalance
              ? msg`Balance Insufficient`
              : undefined,
      spend: { token: paysUsdt ? contracts.usdt : contracts.nex, spender: contracts.pool },
      request: (amount) =>
        writeRequest({
          address: contracts.pool,
          abi: fomoAbi,
          functionName: 'burn',
          args: [BigInt(form.tier), 1n, amount ?? 0n, paysUsdt, paysUsdt ? 0n : (minUsdt ?? 0n)],
        }),
      action: msg`Deposit`,
      success: msg`Deposited`,
    },
    settle: {
      request: () => writeRequest({ address: contracts.pool, abi: fomoAbi, functionName: 'updatePool' }),
      success: msg`Round settled`,
    },
  }
}

/**
 * The least USDT the pool's sale of the NEX paid must bring (the pair's quote less the tolerance): a price moved
 * after the quote (a sandwich around the order) reverts the order (FomoSlippage) instead of selling for less.
 */
function minUsdtOf(input: FomoGameInput, nexCost: bigint | undefined): bigint | undefined {
  const { reserves, token0 } = input.quote
  if (nexCost === undefined || !reserves || !token0) return undefined
  return fomoMinUsdt({
    nexIn: nexCost,
    ...(isAddressEqual(token0, input.contracts.nex)
      ? { reserveNex: reserves[0], reserveUsdt: reserves[1] }
      : { reserveNex: reserves[1], reserveUsdt: reserves[0] }),
    pairFeeBps: input.pairFeeBps,
    toleranceBps: NEX_TOLERANCE_BPS,
  })
}

/** The settled rounds shown, newest first: at most {@link ROUNDS_SHOWN} of the rounds the index answered. */
export function settledRounds(
  nodes: FomoRoundsData['fomoRounds']['nodes'] | undefined,
): FomoRoundsData['fomoRounds']['nodes'] {
  return (nodes ?? []).filter((round) => round.settled).slice(0, ROUNDS_SHOWN)
}

/** Gathers the page's reads and derives its model with {@link fomoGameModel}. */
export function useFomoGameModel(contracts: FomoGameContracts, form: DepositForm): FomoGameModel {
  const { account, who } = useReader()
  const now = useChainNow()
  const { pool: address, usdt, nex, pair } = contracts
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address, abi: fomoAbi, functionName: 'getConfig' },
          multi: { address, abi: fomoAbi, functionName: 'getConfigMulti' },
          totals: { address, abi: fomoAbi, functionName: 'getTotals' },
          values: { address, abi: fomoAbi, functionName: 'getValues' },
          user: { address, abi: fomoAbi, functionName: 'users', args: [who] },
          usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          nexBalance: { address: nex, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
        }) as const,
      [address, usdt, nex, who],
    ),
  )
  const totals = ok(data?.totals)
  const roundIndex = totals?.roundEndIndex
  const round = ok(
    useNamedChainReads(
      useMemo(
        () =>
          roundIndex !== undefined
            ? ({ round: { address, abi: fomoAbi, functionName: 'getRound', args: [roundIndex] } } as const)
            : undefined,
        [address, roundIndex],
      ),
    )?.round,
  )
  // The orders of the last qualifying deposits, latest first; keyed by their indexes so that reads change with them.
  const leaderKey = leaderIndexes(round).join(',')
  const leaderReads = useChainReads(
    useMemo(
      () =>
        leaderKey === ''
          ? undefined
          : leaderKey
              .split(',')
              .map((index) => ({ address, abi: fomoAbi, functionName: 'orders', args: [BigInt(index)] }) as const),
      [address, leaderKey],
    ),
  )
  const value = quoteAmount(form, pair)
  const quote = useNamedChainReads(
    useMemo(
      () =>
        value !== undefined && pair
          ? ({
              nexCost: { address, abi: fomoAbi, functionName: 'getSwapIn', args: [value] },
              reserves: { address: pair, abi: iUniswapV2PairAbi, functionName: 'getReserves' },
              token0: { address: pair, abi: iUniswapV2PairAbi, functionName: 'token0' },
            } as const)
          : undefined,
      [address, pair, value],
    ),
  )
  return fomoGameModel({
    contracts,
    account,
    now,
    config: ok(data?.config),
    multi: ok(data?.multi),
    totals,
    values: ok(data?.values),
    user: account ? ok(data?.user) : undefined,
    usdtBalance: account ? ok(data?.usdtBalance) : undefined,
    nexBalance: account ? ok(data?.nexBalance) : undefined,
    round,
    leaderOrders: leaderReads?.map(ok),
    form,
    quote: { nexCost: ok(quote?.nexCost), reserves: ok(quote?.reserves), token0: ok(quote?.token0) },
    pairFeeBps: dexFeeBps(env.chainId),
  })
}
