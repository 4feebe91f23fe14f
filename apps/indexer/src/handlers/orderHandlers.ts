import { burnAbi, doubleAbi, fomoAbi, miningAbi, stakeAbi } from '@nexus/abi'
import type { EntityRows } from '../store/tables.ts'
import { addr, handlersOf, rest } from './common.ts'
import type { DecodedLog } from './decodeLogs.ts'

/** An order as its creating event describes it; `details` keeps the event's other arguments. */
type Created = { owner: string; index: bigint; amount: bigint; tokens?: bigint; endTime?: bigint; details: string }
/** A change of an order: its new status and the amount it moved. */
type Changed = { owner: string; index: bigint; amount: bigint; details: string }

function created(log: Omit<DecodedLog, 'args' | 'eventName'>, out: EntityRows, order: Created) {
  out.order_record.push({
    contract: log.contract,
    order_index: order.index,
    owner: addr(order.owner),
    amount: order.amount,
    tokens: order.tokens ?? 0n,
    details: order.details,
    start_time: log.blockTimestamp,
    end_time: order.endTime ?? null,
    block_number: log.blockNumber,
    block_hash: log.blockHash,
    log_index: log.logIndex,
    transaction_hash: log.transactionHash,
  })
}

function changed(log: Omit<DecodedLog, 'args'>, out: EntityRows, status: string, change: Changed) {
  out.order_change.push({
    block_hash: log.blockHash,
    log_index: log.logIndex,
    block_number: log.blockNumber,
    block_timestamp: log.blockTimestamp,
    transaction_hash: log.transactionHash,
    contract: log.contract,
    order_index: change.index,
    owner: addr(change.owner),
    event_name: log.eventName,
    status,
    amount: change.amount,
    details: change.details,
  })
}

/** Burn: orders and their settlements and exits. */
export const burnOrderHandlers = handlersOf(burnAbi, {
  OrderCreated: (log, out) => {
    const { owner, index, amount, tokens, endTime } = log.args
    created(log, out, {
      owner,
      index,
      amount,
      tokens,
      endTime,
      details: rest(log.args, 'owner', 'index', 'amount', 'tokens'),
    })
  },
  OrderSettled: (log, out) => {
    const { owner, index, reward } = log.args
    changed(log, out, 'active', { owner, index, amount: reward, details: rest(log.args, 'owner', 'index', 'reward') })
  },
  OrderOut: (log, out) => {
    const { owner, index, reward } = log.args
    changed(log, out, 'out', { owner, index, amount: reward, details: rest(log.args, 'owner', 'index', 'reward') })
  },
})

/** Fomo (both pools): orders (`Burned`) and their release. */
export const fomoOrderHandlers = handlersOf(fomoAbi, {
  Burned: (log, out) => {
    const { account, index, amount, tokens } = log.args
    created(log, out, {
      owner: account,
      index,
      amount,
      tokens,
      details: rest(log.args, 'account', 'index', 'amount', 'tokens'),
    })
  },
  Released: (log, out) => {
    const { account, index, principal } = log.args
    changed(log, out, 'released', {
      owner: account,
      index,
      amount: principal,
      details: rest(log.args, 'account', 'index', 'principal'),
    })
  },
})

/** Stake: stakes and their releases (one per release time). */
export const stakeOrderHandlers = handlersOf(stakeAbi, {
  Deposited: (log, out) => {
    const { account, index, amount, rewardTokens } = log.args
    created(log, out, {
      owner: account,
      index,
      amount,
      tokens: rewardTokens,
      details: rest(log.args, 'account', 'index', 'amount', 'rewardTokens'),
    })
  },
  Released: (log, out) => {
    const { account, index, tokens } = log.args
    changed(log, out, 'releasing', {
      owner: account,
      index,
      amount: tokens,
      details: rest(log.args, 'account', 'index', 'tokens'),
    })
  },
})

/** Mining: stakes and their release. */
export const miningOrderHandlers = handlersOf(miningAbi, {
  Deposited: (log, out) => {
    const { account, index, amount, actual, endTime } = log.args
    created(log, out, {
      owner: account,
      index,
      amount,
      tokens: actual,
      endTime,
      details: rest(log.args, 'account', 'index', 'amount', 'actual'),
    })
  },
  Released: (log, out) => {
    const { account, index, actual } = log.args
    changed(log, out, 'released', {
      owner: account,
      index,
      amount: actual,
      details: rest(log.args, 'account', 'index', 'actual'),
    })
  },
})

/** Double: records and their (partial, then completing) releases. */
export const doubleOrderHandlers = handlersOf(doubleAbi, {
  Deposited: (log, out) => {
    const { account, index, amount, reward, endTime } = log.args
    created(log, out, {
      owner: account,
      index,
      amount,
      tokens: reward,
      endTime,
      details: rest(log.args, 'account', 'index', 'amount', 'reward'),
    })
  },
  Released: (log, out) => {
    const { account, index, amount, completed } = log.args
    changed(log, out, completed ? 'completed' : 'releasing', {
      owner: account,
      index,
      amount,
      details: rest(log.args, 'account', 'index', 'amount'),
    })
  },
})
