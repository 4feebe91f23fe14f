import { logActionName, logSymbolName } from '@nexus/sdk'
import { logAbi } from '@nexus/abi'
import { addr, handlersOf, uint } from './common.ts'
import type { DecodedLog } from './decodeLogs.ts'

/**
 * Whether a log is stored only as its entity row, not also in `event_log`: the Log contract's `LogAdded`, whose
 * `action_log` row keeps every argument and the log's identity (block, hash, log index, transaction). It is the
 * densest event (every user action writes one), so a catch-up writes one row for it instead of two.
 */
export const storedAsEntityOnly = (log: Pick<DecodedLog, 'kind' | 'eventName'>) =>
  log.kind === 'Log' && log.eventName === 'LogAdded'

/**
 * Log: every entry of the action log (`LogAdded`). The event carries the symbol and action as LogCodes.sol's codes;
 * the row keeps their names (the SDK's list, generated from LogCodes.sol), which the GraphQL filters and the web use.
 */
export const logHandlers = handlersOf(logAbi, {
  LogAdded(log, out) {
    const a = log.args
    out.action_log.push({
      index: uint(a.index),
      owner: addr(a.owner),
      from: addr(a.from),
      writer: addr(a.writer),
      user_index: uint(a.userIndex),
      symbol: logSymbolName(a.symbol),
      action: logActionName(a.action),
      is_reduce: a.isReduce,
      is_reward: a.isReward,
      amount: uint(a.amount),
      balance: uint(a.balance),
      start_time: uint(a.startTime),
      block_number: log.blockNumber,
      block_hash: log.blockHash,
      log_index: log.logIndex,
      transaction_hash: log.transactionHash,
    })
  },
})
