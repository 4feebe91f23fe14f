import { addr, uint, type ContractHandlers } from './common.ts'

/** Log: every entry of the action log (`LogAdded`). */
export const logHandlers: ContractHandlers = {
  LogAdded(log, out) {
    const a = log.args
    out.action_log.push({
      index: uint(a.index),
      owner: addr(a.owner),
      from: addr(a.from),
      writer: addr(a.writer),
      user_index: uint(a.userIndex),
      symbol: String(a.symbol),
      action: String(a.action),
      is_reduce: Boolean(a.isReduce),
      is_reward: Boolean(a.isReward),
      amount: uint(a.amount),
      balance: uint(a.balance),
      start_time: uint(a.startTime),
      block_number: log.blockNumber,
      block_hash: log.blockHash,
      log_index: log.logIndex,
      transaction_hash: log.transactionHash,
    })
  },
}
