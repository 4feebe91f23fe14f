import { useMemo } from 'react'
import { msg } from '@lingui/core/macro'
import { doubleAbi, fomoAbi } from '@nexus/abi'
import { erc20Abi } from 'viem'
import type { Address, ContractFunctionReturnType } from 'viem'
import { ok, useChainNow, useChainReads, useNamedChainReads } from '../../data/ChainData.tsx'
import { useEveryPage } from '../../data/useEveryPage.ts'
import { ROUND_WINNERS } from '../../data/recordQueries.ts'
import type { RoundWinnersData, RoundWinnersNode } from '../../data/recordQueries.ts'
import { writeRequest } from '../../hooks/useTransaction.ts'
import type { TransactionPlan } from '../../hooks/useTransaction.ts'
import { checkAmount } from '../../lib/amountInput.ts'
import { showTime } from '../../lib/format.ts'
import { solvency } from '../../lib/solvency.ts'
import type { Solvency } from '../../lib/solvency.ts'
import {
  doubleShortOfLine,
  doubleVested,
  fomoOrderState,
  type RecordState,
} from '../../components/blocks/records/recordFormat.ts'
import { useReader } from '../../components/blocks/records/RecordParts.tsx'
import { DOUBLE_MAX_AMOUNT, doubleDepositRefusal, doubleDepositRules, needsApproval } from './doubleDeposit.ts'
import type { PoolName } from './pool.ts'

type FomoRead<name extends 'getConfig' | 'users' | 'orders'> = ContractFunctionReturnType<typeof fomoAbi, 'view', name>
type DoubleRead<name extends 'getUserInfo' | 'getConfig' | 'getSolvency' | 'getLine'> = ContractFunctionReturnType<
  typeof doubleAbi,
  'view',
  name
>
/** A pool's config (`Fomo.getConfig`). */
export type FomoConfig = FomoRead<'getConfig'>
/** An account's record in a pool (`Fomo.users`). */
export type FomoUser = FomoRead<'users'>
/** One order of a pool (`Fomo.orders`). */
export type FomoOrder = FomoRead<'orders'>
/** An account's Double summary and records (`Double.getUserInfo`). */
export type DoubleUserInfo = DoubleRead<'getUserInfo'>
/** One Double record of the account. */
export type DoubleRecord = DoubleUserInfo[1][number]
/** Where a record still owed stands in Double's line (`Double.getLine`). */
export type DoubleLine = DoubleRead<'getLine'>

/** The contracts the page works with. */
export type FomoMineContracts = { pool: Address; usdt: Address; double: Address | undefined }

/** What the page reads of the Double pool (every field undefined while it is read or without Double). */
export type DoubleReads = {
  /** Whether the Double reads have answered at all (the records list loads until then). */
  answered: boolean
  info: DoubleUserInfo | undefined
  config: DoubleRead<'getConfig'> | undefined
  multiple: bigint | undefined
  /** `Double.getSolvency`: what it holds and what all its records may still release. */
  held: DoubleRead<'getSolvency'> | undefined
  usdtBalance: bigint | undefined
  allowance: bigint | undefined
  paused: boolean | undefined
}

/** Everything the page's model is derived from: plain chain reads, indexed rounds, the typed deposit and the time. */
export type FomoMineInput = {
  contracts: FomoMineContracts
  pool: PoolName
  account: Address | undefined
  /** The account, or the zero address while none is connected (what the reads are made for). */
  who: Address
  now: number | undefined
  config: FomoConfig | undefined
  user: FomoUser | undefined
  /** Every round of the pool from the index (`'error'` when a page failed). */
  rounds: readonly RoundWinnersNode[] | 'error' | undefined
  /** `prizeOf(round, account)` for each of {@link prizeRoundsOf}'s rounds, in order. */
  prizeReads: readonly (bigint | undefined)[] | undefined
  double: DoubleReads
  /** `Fomo.orders(record.fomoIndex)` for each of the account's Double records, in order. */
  recordOrders: readonly (FomoOrder | undefined)[] | undefined
  /** `Double.getLine` for each of {@link owedRecordsOf}'s records, in order. */
  lines: readonly (DoubleLine | undefined)[] | undefined
  doubleInput: string
}

/** A round prize still to claim. */
export type Prize = { round: bigint; prize: bigint }

/** The figures of a Double record still owed in line, or undefined while it is read or once it is paid. */
export type LineFigures = {
  position: bigint
  /** Whether the position is exact (else: that position or later). */
  complete: boolean
  owedAhead: bigint
  owedSelf: bigint
  /** The inflows the pool needs before it can pay this record in full (0: it holds enough). */
  short: bigint
}

/** One of the account's Double records of this pool. */
export type DoubleRecordModel = {
  record: DoubleRecord
  /** Whether it came from a direct deposit (no order). */
  direct: boolean
  vested: bigint | undefined
  line: LineFigures | undefined
}

/** The doubling deposit's part of the page. */
export type DoubleModel = {
  /** Whether Double takes new deposits (unknown counts as open, as the contract's default). */
  open: boolean
  user: DoubleUserInfo[0] | undefined
  usdtBalance: bigint | undefined
  multiple: bigint | undefined
  /** What the account's deposits may release in all (total × MULTIPLE). */
  upTo: bigint | undefined
  /** What is still to release to the account. */
  left: bigint | undefined
  /** Holdings against what every record may still release, or undefined while read. */
  solvency: Solvency | undefined
  owed: bigint | undefined
  records: DoubleRecordModel[]
  recordsLoading: boolean
  /** Whether the typed deposit first asks the wallet to approve USDT (undefined while the allowance is read). */
  approval: boolean | undefined
  /** The contract's bound per deposit. */
  maxPerDeposit: bigint
  /** The direct deposit of the typed amount. */
  deposit: TransactionPlan
  /** The claim of what Double released to the account. */
  claim: TransactionPlan
}

/** The page's model: what `/fomoMine` and `/superFomMine` show and the writes they send. */
export type FomoMineModel = {
  connected: boolean
  user: FomoUser | undefined
  feeRate: bigint | undefined
  prizes: { loading: boolean; error: boolean; list: Prize[] }
  /** The account's orders list from the index (undefined without an account) and those with a Double record. */
  orders: { variables: { account: string; contract: PoolName } | undefined; doubled: ReadonlySet<bigint> }
  double: DoubleModel | undefined
  /** The claim of the rewards balance (round 0) or of one round's prize. */
  claim(round: bigint): TransactionPlan
  /** The release of an order after its lock. */
  release(index: bigint, endTime: bigint): TransactionPlan
}

/**
 * The rounds where one of the account's orders is among the winners of a settled round (what `prizeOf` is read
 * for); none without an account or while the rounds load.
 */
export function prizeRoundsOf(
  rounds: readonly RoundWinnersNode[] | 'error' | undefined,
  account: Address | undefined,
): bigint[] {
  if (!account || rounds === undefined || rounds === 'error') return []
  const me = account.toLowerCase()
  return rounds
    .filter((round) => round.settled && round.winners.some((winner) => winner.owner === me))
    .map((round) => BigInt(round.round))
}

/**
 * The account's Double records that belong to this pool: a direct deposit (`fomoIndex` 0), or a record whose order
 * of that index in this pool is the account's and started at the same time (both pools share one Double).
 */
export function doubleRecordsOf(
  records: readonly DoubleRecord[],
  recordOrders: readonly (FomoOrder | undefined)[] | undefined,
): DoubleRecord[] {
  return records.filter((record, position) => {
    if (record.fomoIndex === 0n) return true
    const order = recordOrders?.[position]
    return order !== undefined && order.startTime === record.startTime && order.owner === record.owner
  })
}

/** The records still owed (what `Double.getLine` is read for). */
export function owedRecordsOf(records: readonly DoubleRecord[]): DoubleRecord[] {
  return records.filter((record) => record.isValid)
}

/** The figures of a line read, or none while it is read or once the record is paid (position 0). */
export function lineFigures(line: DoubleLine | undefined): LineFigures | undefined {
  if (!line || line.position === 0n) return undefined
  return {
    position: line.position,
    complete: line.complete,
    owedAhead: line.owedAhead,
    owedSelf: line.owedSelf,
    short: doubleShortOfLine(line),
  }
}

/** The page's model from its reads (pure: unit-tested without a browser). */
export function fomoMineModel(input: FomoMineInput): FomoMineModel {
  const { contracts, account, now, user } = input
  const prizeRounds = prizeRoundsOf(input.rounds, account)
  const prizes = prizeRounds
    .map((round, position) => ({ round, prize: input.prizeReads?.[position] ?? 0n }))
    .filter((entry) => entry.prize > 0n)
  const records = doubleRecordsOf(input.double.info?.[1] ?? [], input.recordOrders)
  const handleGas = input.config?.handleGas ?? 0n
  return {
    connected: account !== undefined,
    user,
    feeRate: input.config?.feeRate,
    prizes: {
      loading:
        account !== undefined &&
        (input.rounds === undefined || (prizeRounds.length > 0 && input.prizeReads === undefined)),
      error: input.rounds === 'error',
      list: prizes,
    },
    orders: {
      variables: account ? { account: account.toLowerCase(), contract: input.pool } : undefined,
      doubled: new Set(records.map((record) => record.fomoIndex)),
    },
    double: contracts.double && doubleModel(input, contracts.double, records),
    claim: (round) => ({
      check: () => (round === 0n && user && user.balance === 0n ? msg`Nothing to claim yet` : undefined),
      request: () =>
        writeRequest({
          address: contracts.pool,
          abi: fomoAbi,
          functionName: 'claimReward',
          args: [round],
          value: handleGas,
        }),
      success: msg`Claimed`,
    }),
    release: (index, endTime) => ({
      check: () =>
        now !== undefined && BigInt(now) < endTime
          ? msg`This order is locked until ${showTime(endTime)}: it can be released after that.`
          : undefined,
      request: () => writeRequest({ address: contracts.pool, abi: fomoAbi, functionName: 'release', args: [index] }),
      success: msg`Released`,
    }),
  }
}

function doubleModel(input: FomoMineInput, double: Address, records: DoubleRecord[]): DoubleModel {
  const { info, config, multiple, held, usdtBalance, allowance, paused } = input.double
  const user = info?.[0]
  const upTo = user && multiple !== undefined ? user.total * multiple : undefined
  const owed = owedRecordsOf(records)
  const lines = new Map(owed.map((record, position) => [record.index, input.lines?.[position]]))
  const typed = checkAmount(input.doubleInput)
  return {
    open: config?.openClaim !== false,
    user,
    usdtBalance,
    multiple,
    upTo,
    left: upTo !== undefined && user ? upTo - user.rewardRelease : undefined,
    // Double reports what all its records may still release: holdings against that (excess is not used here)
    solvency: held && solvency(held[0], 0n, held[1], { fromLaterInflows: true }),
    owed: held?.[1],
    records: records.map((record) => ({
      record,
      direct: record.fomoIndex === 0n,
      vested: doubleVested(record, input.now),
      line: lineFigures(lines.get(record.index)),
    })),
    recordsLoading: input.account !== undefined && !input.double.answered,
    approval: needsApproval(allowance, typed.ok ? typed.value : undefined),
    maxPerDeposit: DOUBLE_MAX_AMOUNT,
    deposit: {
      // the contract's bounds (Double.MAX_AMOUNT), then the balance; closed or paused refuses before anything is sent
      amount: { input: input.doubleInput, rules: doubleDepositRules(usdtBalance) },
      check: () => doubleDepositRefusal({ openClaim: config?.openClaim, paused }),
      // approved first when the allowance does not cover the deposit (one more confirmation in the wallet)
      spend: { token: input.contracts.usdt, spender: double, coversAmount: true },
      // a direct deposit: for the account itself, from no order (fomoIndex 0)
      request: (amount) =>
        writeRequest({ address: double, abi: doubleAbi, functionName: 'deposit', args: [input.who, amount ?? 0n, 0n] }),
      action: msg`Deposit`,
      success: msg`Deposited`,
    },
    claim: {
      check: () => (info && info[0].balance === 0n ? msg`Nothing to claim yet` : undefined),
      request: () => writeRequest({ address: double, abi: doubleAbi, functionName: 'claim' }),
    },
  }
}

/** An order's row: its state on the chain's clock and whether it can be released (open: locked or unlocked). */
export function orderRowModel(
  order: FomoOrder | undefined,
  now: number | undefined,
): { state: RecordState | undefined; releasable: boolean } {
  const state = order ? fomoOrderState(order.status, order.endTime, now) : undefined
  return { state, releasable: order !== undefined && (state === 'locked' || state === 'unlocked') }
}

/** Gathers the page's reads (chain and index) and derives its model with {@link fomoMineModel}. */
export function useFomoMineModel(pool: PoolName, contracts: FomoMineContracts, doubleInput: string): FomoMineModel {
  const { account, who } = useReader()
  const now = useChainNow()
  const { pool: address, usdt, double } = contracts
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address, abi: fomoAbi, functionName: 'getConfig' },
          user: { address, abi: fomoAbi, functionName: 'users', args: [who] },
        }) as const,
      [address, who],
    ),
  )
  // Prizes: every round (from the index) where one of the account's orders is among the winners, with what is
  // still to claim read from the pool (prizeOf is 0 once claimed).
  const rounds = useEveryPage(
    ROUND_WINNERS,
    useMemo(() => (account ? { contract: pool } : undefined), [account, pool]),
    (answer: RoundWinnersData) => answer.fomoRounds,
  )
  const prizeKey = prizeRoundsOf(rounds, account).join()
  const prizeReads = useChainReads(
    useMemo(
      () =>
        prizeKey
          ? prizeKey
              .split(',')
              .map((round) => ({ address, abi: fomoAbi, functionName: 'prizeOf', args: [BigInt(round), who] }) as const)
          : undefined,
      [address, prizeKey, who],
    ),
  )
  const doubleData = useNamedChainReads(
    useMemo(
      () =>
        double
          ? ({
              info: { address: double, abi: doubleAbi, functionName: 'getUserInfo', args: [who] },
              config: { address: double, abi: doubleAbi, functionName: 'getConfig' },
              multiple: { address: double, abi: doubleAbi, functionName: 'MULTIPLE' },
              held: { address: double, abi: doubleAbi, functionName: 'getSolvency' },
              usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
              allowance: { address: usdt, abi: erc20Abi, functionName: 'allowance', args: [who, double] },
              paused: { address: double, abi: doubleAbi, functionName: 'paused' },
            } as const)
          : undefined,
      [double, usdt, who],
    ),
  )
  const info = account ? ok(doubleData?.info) : undefined
  const allRecords = useMemo(() => info?.[1] ?? [], [info])
  const recordOrderReads = useChainReads(
    useMemo(
      () =>
        allRecords.length > 0
          ? allRecords.map(
              (record) => ({ address, abi: fomoAbi, functionName: 'orders', args: [record.fomoIndex] }) as const,
            )
          : undefined,
      [address, allRecords],
    ),
  )
  const recordOrders = recordOrderReads?.map(ok)
  // Where each record still owed stands in line (Double.getLine): keyed by their indexes so that reads change with them.
  const owedKey = owedRecordsOf(doubleRecordsOf(allRecords, recordOrders))
    .map((record) => record.index.toString())
    .join()
  const lineReads = useChainReads(
    useMemo(
      () =>
        double && owedKey
          ? owedKey
              .split(',')
              .map(
                (index) =>
                  ({ address: double, abi: doubleAbi, functionName: 'getLine', args: [BigInt(index)] }) as const,
              )
          : undefined,
      [double, owedKey],
    ),
  )
  return fomoMineModel({
    contracts,
    pool,
    account,
    who,
    now,
    config: ok(data?.config),
    user: account ? ok(data?.user) : undefined,
    rounds,
    prizeReads: prizeReads?.map(ok),
    double: {
      answered: doubleData !== undefined,
      info,
      config: ok(doubleData?.config),
      multiple: ok(doubleData?.multiple),
      held: ok(doubleData?.held),
      usdtBalance: account ? ok(doubleData?.usdtBalance) : undefined,
      allowance: account ? ok(doubleData?.allowance) : undefined,
      paused: ok(doubleData?.paused),
    },
    recordOrders,
    lines: lineReads?.map(ok),
    doubleInput,
  })
}
