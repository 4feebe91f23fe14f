import { msg } from '@lingui/core/macro'
import { stakeAbi } from '@nexus/abi'
import { stakeMinReward } from '@nexus/sdk'
import type { Address, ContractFunctionName, ContractFunctionReturnType } from 'viem'
import { writeRequest } from '../../hooks/useTransaction.ts'
import type { TransactionPlan } from '../../hooks/useTransaction.ts'
import { allowedRange, secondsUntil, stakeRecordState } from '../../components/blocks/records/recordFormat.ts'
import type { RecordState } from '../../components/blocks/records/recordFormat.ts'

type StakeRead<name extends ContractFunctionName<typeof stakeAbi, 'view'>> = ContractFunctionReturnType<
  typeof stakeAbi,
  'view',
  name
>

export type StakeConfig = StakeRead<'getConfig'>
export type StakeRound = StakeRead<'getIdos'>[number]
export type StakeUserInfo = StakeRead<'getUserInfo'>
export type StakeUser = StakeUserInfo[0]
export type StakeRecord = StakeUserInfo[1][number]
export type StakeTotals = StakeRead<'getTotals'>

/** Where a round stands: before its start, open, filled, or still to come after the current one. */
export type RoundPhase = 'upcoming' | 'open' | 'filled' | 'next'

export function roundPhase(
  index: bigint,
  current: bigint,
  round: { idoMax: bigint; idoTotal: bigint; startTime: bigint },
  now: number | undefined,
): RoundPhase {
  if (index < current || round.idoTotal >= round.idoMax) return 'filled'
  if (index > current) return 'next'
  return now !== undefined && BigInt(now) < round.startTime ? 'upcoming' : 'open'
}

/** The chain reads of `/stake` (each undefined until read; the account's only with an account). */
export type StakeReads = {
  config?: StakeConfig
  idos?: readonly StakeRound[]
  idosFailed?: boolean
  info?: StakeUserInfo
  infoFailed?: boolean
  whitelisted?: boolean
  /** The account's USDT. */
  balance?: bigint
  totals?: StakeTotals
  /** NEX per USDT of reward at the price a deposit uses now (the read reverts, so undefined, when no round is left). */
  tokensPerUsdt?: bigint
}

export type StakeInput = {
  account: Address | undefined
  stake: Address
  usdt: Address
  reads: StakeReads
  now: number | undefined
  /** What the amount field holds. */
  input: string
}

/** What the line under the amount field says about the range a deposit must be in. */
export type StakeRangeNote =
  | { kind: 'unknown' }
  | { kind: 'accountCapReached'; userMax: bigint }
  | { kind: 'roundFull'; roundSize: bigint | undefined }
  | { kind: 'belowRoundMinimum'; min: bigint; max: bigint }
  | { kind: 'range'; min: bigint; max: bigint; userMax: bigint }

export type StakeModel = {
  roundNumber: bigint | undefined
  config: StakeConfig | undefined
  /** The current round, undefined before the reads or when no round is configured. */
  current: StakeRound | undefined
  /** The current round's badge: open, starting soon (counting down), or closed. */
  status: 'open' | 'startingSoon' | 'closed' | undefined
  /** Seconds until the current round opens (0 once open or unknown). */
  startsIn: number
  rangeNote: StakeRangeNote
  balance: bigint | undefined
  tokensPerUsdt: bigint | undefined
  canStake: boolean
  deposit: TransactionPlan
  periods: { list: readonly { round: StakeRound; phase: RoundPhase | undefined }[]; loading: boolean; error: boolean }
  user: StakeUser | undefined
  stakes: { list: readonly { record: StakeRecord; state: RecordState }[]; loading: boolean; error: boolean }
  canClaim: boolean
  claim: Pick<TransactionPlan, 'check' | 'request'>
  totals: StakeTotals | undefined
}

/** The most the account may still stake: the cap per account less what it staked (the cap itself before any stake). */
export function accountRoom(config: StakeConfig | undefined, user: StakeUser | undefined): bigint | undefined {
  if (!config) return undefined
  if (!user) return config.userMax
  return config.userMax > user.amount ? config.userMax - user.amount : 0n
}

/**
 * `/stake` from its reads and form: the current round and whether it takes deposits (open, or counting down for a
 * whitelisted account), the allowed range (the round's minimum, within what the round and the account have
 * left), the lock periods, the account's stakes and claim, and the deposit, which carries the least reward on the
 * terms shown (less 1 % for the TWAP): a change of the round's terms or the price before it is mined makes it
 * revert (StakeRewardBelowMinimum) instead of paying USDT for less.
 */
export function stakeModel({ account, stake, usdt, reads, now, input }: StakeInput): StakeModel {
  const { config, idos, tokensPerUsdt } = reads
  const info = account ? reads.info : undefined
  const whitelisted = account ? reads.whitelisted : undefined
  const balance = account ? reads.balance : undefined
  const stakesFailed = !!reads.infoFailed
  const user = info?.[0]
  const current = config && idos ? idos[Number(config.round)] : undefined
  const roundLeft = current ? current.idoMax - current.idoTotal : undefined
  const userLeft = accountRoom(config, user)
  const range = current
    ? allowedRange(roundLeft !== undefined && current.idoMin > roundLeft ? roundLeft : current.idoMin, [
        roundLeft,
        userLeft,
      ])
    : undefined
  const startsIn = current ? secondsUntil(current.startTime, now) : 0
  const open =
    current !== undefined &&
    tokensPerUsdt !== undefined &&
    (startsIn === 0 || whitelisted === true) &&
    roundLeft !== undefined &&
    roundLeft > 0n

  const rangeNote: StakeRangeNote =
    !range || !config
      ? { kind: 'unknown' }
      : userLeft === 0n
        ? { kind: 'accountCapReached', userMax: config.userMax }
        : roundLeft === 0n
          ? { kind: 'roundFull', roundSize: current?.idoMax }
          : range.max < range.min
            ? { kind: 'belowRoundMinimum', min: range.min, max: range.max }
            : { kind: 'range', min: range.min, max: range.max, userMax: config.userMax }

  return {
    roundNumber: config ? config.round + 1n : undefined,
    config,
    current,
    status: current ? (open ? 'open' : startsIn > 0 ? 'startingSoon' : 'closed') : undefined,
    startsIn,
    rangeNote,
    balance,
    tokensPerUsdt,
    canStake: !!account,
    deposit: {
      amount: { input, rules: { min: range?.min, max: range?.max, balance } },
      check: () => (!open ? msg`No staking round is open now.` : undefined),
      spend: { token: usdt, spender: stake },
      request: (amount) =>
        writeRequest({
          address: stake,
          abi: stakeAbi,
          functionName: 'deposit',
          args: [amount ?? 0n, stakeMinReward(amount ?? 0n, current?.idoRate ?? 0n, tokensPerUsdt ?? 0n)],
        }),
      action: msg`Stake`,
      success: msg`Staked`,
    },
    periods: {
      list: (idos ?? []).map((round, index) => ({
        round,
        phase: config ? roundPhase(BigInt(index), config.round, round, now) : undefined,
      })),
      loading: idos === undefined,
      error: !!reads.idosFailed,
    },
    user,
    stakes: {
      list: (info?.[1] ?? []).map((record) => ({
        record,
        state: stakeRecordState(record.isValid, record.lockTime, now),
      })),
      loading: account !== undefined && info === undefined && !stakesFailed,
      error: stakesFailed,
    },
    canClaim: !!account,
    claim: {
      check: () => (user && user.balance === 0n ? msg`Nothing to claim yet` : undefined),
      request: () =>
        writeRequest({ address: stake, abi: stakeAbi, functionName: 'claim', value: config?.handleGas ?? 0n }),
    },
    totals: reads.totals,
  }
}
