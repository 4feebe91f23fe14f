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

/**
 * The fields of a row taken from an event's arguments, each named by the argument it comes from (a key of the
 * event's typed arguments: a renamed argument fails the typecheck), and `details`, the JSON of the arguments not
 * taken.
 *
 * @example
 * take(log.args, { owner: 'account', index: 'index', amount: 'principal' })
 * // { owner: '0xab…', index: 3n, amount: 10n, details: '{"interest":"1"}' }
 */
function take<args extends object, const fields extends Record<string, keyof args & string>>(
  args: args,
  fields: fields,
): { [field in keyof fields]: args[fields[field]] } & { details: string } {
  const names = Object.values(fields)
  return {
    ...(Object.fromEntries(Object.entries(fields).map(([field, name]) => [field, args[name]])) as {
      [field in keyof fields]: args[fields[field]]
    }),
    details: rest(args, ...names),
  }
}

/** Burn: orders and their settlements and exits. */
export const burnOrderHandlers = handlersOf(burnAbi, {
  OrderCreated: (log, out) =>
    created(log, out, {
      ...take(log.args, { owner: 'owner', index: 'index', amount: 'amount', tokens: 'tokens' }),
      endTime: log.args.endTime,
    }),
  OrderSettled: (log, out) =>
    changed(log, out, 'active', take(log.args, { owner: 'owner', index: 'index', amount: 'reward' })),
  OrderOut: (log, out) =>
    changed(log, out, 'out', take(log.args, { owner: 'owner', index: 'index', amount: 'reward' })),
})

/** Fomo (both pools): orders (`Burned`) and their release. */
export const fomoOrderHandlers = handlersOf(fomoAbi, {
  Burned: (log, out) =>
    created(log, out, take(log.args, { owner: 'account', index: 'index', amount: 'amount', tokens: 'tokens' })),
  Released: (log, out) =>
    changed(log, out, 'released', take(log.args, { owner: 'account', index: 'index', amount: 'principal' })),
})

/** Stake: stakes and their releases (one per release time). */
export const stakeOrderHandlers = handlersOf(stakeAbi, {
  Deposited: (log, out) =>
    created(log, out, take(log.args, { owner: 'account', index: 'index', amount: 'amount', tokens: 'rewardTokens' })),
  Released: (log, out) =>
    changed(log, out, 'releasing', take(log.args, { owner: 'account', index: 'index', amount: 'tokens' })),
})

/** Mining: stakes and their release. */
export const miningOrderHandlers = handlersOf(miningAbi, {
  Deposited: (log, out) =>
    created(log, out, {
      ...take(log.args, { owner: 'account', index: 'index', amount: 'amount', tokens: 'actual' }),
      endTime: log.args.endTime,
    }),
  Released: (log, out) =>
    changed(log, out, 'released', take(log.args, { owner: 'account', index: 'index', amount: 'actual' })),
})

/** Double: records and their (partial, then completing) releases. */
export const doubleOrderHandlers = handlersOf(doubleAbi, {
  Deposited: (log, out) =>
    created(log, out, {
      ...take(log.args, { owner: 'account', index: 'index', amount: 'amount', tokens: 'reward' }),
      endTime: log.args.endTime,
    }),
  Released: (log, out) =>
    changed(
      log,
      out,
      log.args.completed ? 'completed' : 'releasing',
      take(log.args, { owner: 'account', index: 'index', amount: 'amount' }),
    ),
})
