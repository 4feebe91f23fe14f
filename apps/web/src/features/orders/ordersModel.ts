import type { burnAbi } from '@nexus/abi'
import type { ContractFunctionReturnType } from 'viem'
import { orderCap, percentOf, shortAccount, splitSpan } from '../../components/blocks/account/figures.ts'
import { orderEarned } from '../../components/blocks/account/dividends.ts'
import type { BurnOrderNode, InvitationOrderNode } from './queries.ts'

export type BurnOrder = ContractFunctionReturnType<typeof burnAbi, 'view', 'orders'>

/** The two lists of `/orders`. */
export type OrdersTab = 'burn' | 'invite'
export const ORDERS_TABS: readonly OrdersTab[] = ['burn', 'invite']

/** One burn order as its row shows it. */
export type BurnOrderRowModel = {
  index: string
  /** Forced out (the chain's `isValid`, else the indexer's status until the chain is read). */
  out: boolean
  amount: bigint
  paidInBnb: boolean
  tokens: bigint
  /** Dividends so far (credited plus accrued while valid), once the chain is read. */
  reward: bigint | undefined
  /** The order's dividend cap (its amount times Burn's reward rate). */
  cap: bigint | undefined
  startTime: bigint
  endTime: bigint | undefined
  /** Whole days, hours and minutes to the end; undefined when out or while the time is unknown. */
  timeLeft: { days: number; hours: number; minutes: number } | undefined
  /** The reward out of the cap, in percent (0..100). */
  progress: number
}

/**
 * A burn order's row from its indexed record and its live state on the chain (`orders`, `pendingReward`), Burn's
 * reward rate and the chain time.
 */
export function burnOrderRowModel(
  node: BurnOrderNode,
  live: { order: BurnOrder | undefined; pending: bigint | undefined },
  rewardRate: bigint | undefined,
  now: number | undefined,
): BurnOrderRowModel {
  const { order, pending } = live
  const amount = BigInt(node.amount)
  const cap = rewardRate !== undefined ? orderCap(amount, rewardRate) : undefined
  const reward = order
    ? orderEarned({ reward: order.reward, isValid: order.isValid, pending: pending ?? 0n })
    : undefined
  const out = order ? !order.isValid : node.status === 'out'
  const endTime = order?.endTime ?? (node.endTime ? BigInt(node.endTime) : undefined)
  const left = endTime !== undefined && now !== undefined ? Number(endTime) - now : undefined
  return {
    index: node.index,
    out,
    amount,
    paidInBnb: node.paymentToken === 'BNB',
    tokens: BigInt(node.tokens),
    reward,
    cap,
    startTime: BigInt(node.startTime),
    endTime,
    timeLeft: out || left === undefined ? undefined : splitSpan(left),
    progress: reward !== undefined && cap !== undefined ? percentOf(reward, cap) : 0,
  }
}

/** The kinds of Burn's RewardCredited event: 1 direct, 2 indirect, 3 team. */
export type CreditKind = 'direct' | 'indirect' | 'team'
const CREDIT_KINDS: Record<number, CreditKind> = { 1: 'direct', 2: 'indirect', 3: 'team' }

/** One reward an invitee's order credited, as its row shows it. */
export type InvitationRowModel = {
  /** Undefined for a kind the page does not know (shown as a plain reward). */
  kind: CreditKind | undefined
  amount: bigint
  /** The invitee, shortened; undefined when the event names none. */
  from: string | undefined
  orderIndex: string | undefined
  time: bigint
}

export function invitationRowModel(node: InvitationOrderNode): InvitationRowModel {
  return {
    kind: node.creditKind !== null ? CREDIT_KINDS[node.creditKind] : undefined,
    amount: BigInt(node.amount),
    from: node.counterparty ? shortAccount(node.counterparty) : undefined,
    orderIndex: node.orderIndex ?? undefined,
    time: BigInt(node.timestamp),
  }
}

/** A row's key in the invitation list: one credit per transaction, order and kind. */
export function invitationKey(node: InvitationOrderNode): string {
  return `${node.transactionHash}:${node.orderIndex ?? ''}:${node.creditKind ?? ''}`
}
