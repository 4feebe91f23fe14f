import type { MessageDescriptor } from '@lingui/core'
import type { Address } from 'viem'
import { actionName, balanceMeaning, isOutflow } from './logFilters.ts'
import type { ActionLogNode } from './queries.ts'

/** The action log's list query for an account and the filters chosen ('' is every symbol or action). */
export function actionLogVariables(
  account: Address,
  symbol: string,
  action: string,
): { account: string; symbol: string | null; action: string | null } {
  return { account: account.toLowerCase(), symbol: symbol || null, action: action || null }
}

/** One Log entry as the list shows it (language-neutral: names and units are message descriptors). */
export type LogEntryModel = {
  /** The action's name, or undefined for an action the SDK's list does not know (shown as written). */
  name: MessageDescriptor | undefined
  /** The entry's amount, signed: none for an entry without one (a registration); NFT amounts are keys. */
  amount: { sign: '-' | '+'; value: bigint; symbol: string; keys: boolean } | undefined
  /** What the contract's running total after the entry means, with its unit; none where it means nothing. */
  balance: { label: MessageDescriptor; unit: MessageDescriptor; value: bigint; count: boolean } | undefined
  time: bigint
}

/** One entry's model from the indexed node (pure). */
export function logEntryModel(node: ActionLogNode): LogEntryModel {
  const amount = BigInt(node.amount)
  const meaning = balanceMeaning(node.action, node.symbol)
  const nft = node.symbol === 'NFT'
  return {
    name: actionName(node.action, node.symbol),
    amount:
      amount === 0n
        ? undefined
        : {
            sign: isOutflow(node.action, node.symbol, node.isReduce) ? '-' : '+',
            value: amount,
            symbol: node.symbol,
            keys: nft,
          },
    balance: meaning && { ...meaning, value: BigInt(node.balance), count: nft },
    time: BigInt(node.startTime),
  }
}
