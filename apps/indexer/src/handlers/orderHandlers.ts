import type { DecodedLog } from './decodeLogs.ts'
import { addr, eventBase, rest, uint, type ContractHandlers } from './common.ts'
import type { EntityRows } from '../store/tables.ts'

function created(
  log: DecodedLog,
  out: EntityRows,
  fields: { owner: string; index: string; amount: string; tokens?: string; endTime?: string },
) {
  const a = log.args
  out.order_record.push({
    contract: log.contract,
    order_index: uint(a[fields.index]),
    owner: addr(a[fields.owner]),
    amount: uint(a[fields.amount]),
    tokens: fields.tokens ? uint(a[fields.tokens]) : 0n,
    details: rest(a, fields.owner, fields.index, fields.amount, ...(fields.tokens ? [fields.tokens] : [])),
    start_time: log.blockTimestamp,
    end_time: fields.endTime ? uint(a[fields.endTime]) : null,
    block_number: log.blockNumber,
    block_hash: log.blockHash,
    log_index: log.logIndex,
    transaction_hash: log.transactionHash,
  })
}

function changed(
  log: DecodedLog,
  out: EntityRows,
  status: string,
  fields: { owner: string; index: string; amount: string },
) {
  const a = log.args
  const { block_timestamp, ...base } = eventBase(log)
  out.order_change.push({
    ...base,
    block_timestamp,
    contract: log.contract,
    order_index: uint(a[fields.index]),
    owner: addr(a[fields.owner]),
    event_name: log.eventName,
    status,
    amount: uint(a[fields.amount]),
    details: rest(a, fields.owner, fields.index, fields.amount),
  })
}

/** Burn: orders and their settlements and exits. */
export const burnOrderHandlers: ContractHandlers = {
  OrderCreated: (log, out) =>
    created(log, out, { owner: 'owner', index: 'index', amount: 'amount', tokens: 'tokens', endTime: 'endTime' }),
  OrderSettled: (log, out) => changed(log, out, 'active', { owner: 'owner', index: 'index', amount: 'reward' }),
  OrderOut: (log, out) => changed(log, out, 'out', { owner: 'owner', index: 'index', amount: 'reward' }),
}

/** Fomo (both pools): orders (`Burned`) and their release. */
export const fomoOrderHandlers: ContractHandlers = {
  Burned: (log, out) => created(log, out, { owner: 'account', index: 'index', amount: 'amount', tokens: 'tokens' }),
  Released: (log, out) => changed(log, out, 'released', { owner: 'account', index: 'index', amount: 'principal' }),
}

/** Stake: stakes and their releases (one per release time). */
export const stakeOrderHandlers: ContractHandlers = {
  Deposited: (log, out) =>
    created(log, out, { owner: 'account', index: 'index', amount: 'amount', tokens: 'rewardTokens' }),
  Released: (log, out) => changed(log, out, 'releasing', { owner: 'account', index: 'index', amount: 'tokens' }),
}

/** Mining: stakes and their release. */
export const miningOrderHandlers: ContractHandlers = {
  Deposited: (log, out) =>
    created(log, out, { owner: 'account', index: 'index', amount: 'amount', tokens: 'actual', endTime: 'endTime' }),
  Released: (log, out) => changed(log, out, 'released', { owner: 'account', index: 'index', amount: 'actual' }),
}

/** Double: records and their (partial, then completing) releases. */
export const doubleOrderHandlers: ContractHandlers = {
  Deposited: (log, out) =>
    created(log, out, { owner: 'account', index: 'index', amount: 'amount', tokens: 'reward', endTime: 'endTime' }),
  Released: (log, out) =>
    changed(log, out, log.args.completed ? 'completed' : 'releasing', {
      owner: 'account',
      index: 'index',
      amount: 'amount',
    }),
}
