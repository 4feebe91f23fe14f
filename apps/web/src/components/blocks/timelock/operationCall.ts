import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { TimelockOperation } from '@nexus/sdk'
import type { Abi, AbiFunction, AbiParameter } from 'viem'
import { changeLabel, showChangeValue } from './adminActionText.ts'
import { flatten } from './adminActions.ts'
import type { AdminActionNode } from './adminActions.ts'

/** One argument of an owner call, as a reader reads it: its label and its value with token, unit or as an address. */
export type CallArgument = { name: string; label: string; value: string }

/**
 * The owner event each setter emits (its values read as in the admin actions list, with the labels and units of
 * the form that makes the change), or `call:<name>` for a setter whose units only this list knows
 * (adminActionText.ts `EVENT_UNITS`).
 */
const CALL_EVENTS: Readonly<Record<string, string | Readonly<Record<string, string>>>> = {
  setConfig: 'ConfigUpdated',
  setConfigMulti: 'ConfigMultiUpdated',
  setIdo: { Ido: 'IdoSet', Stake: 'IdoUpdated' },
  withdrawExcess: 'ExcessWithdrawn',
  renewPause: 'call:renewPause',
  setUpgradeDelay: 'call:setUpgradeDelay',
  setDayTimes: 'call:setDayTimes',
  setSendMin: 'call:setSendMin',
  setRoundStart: 'call:setRoundStart',
  setMaxSupply: 'call:setMaxSupply',
}

/** Labels of owner calls' arguments that no event and no settings form names (else the contract's own name). */
const CALL_ARGUMENT_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  manager: msg`Manager`,
  newOwner: msg`New owner`,
  implementation: msg`New implementation`,
  newImplementation: msg`New implementation`,
  guardian_: msg`Guardian`,
  account: msg`Account`,
  accounts: msg`Accounts`,
  allowed: msg`Allowed`,
  exempt: msg`Fee exempt`,
  blacklisted: msg`Blacklisted`,
  duration: msg`Duration`,
  token: msg`Token`,
  minter: msg`Minter`,
  depositor: msg`Depositor`,
  writer: msg`Writer`,
  box: msg`Box`,
  sendMin: msg`Dividend threshold`,
  dayTimes: msg`Day length`,
}

/** A decoded argument in the form the indexer stores values: whole numbers as decimal text, tuples as records. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) return value.map(plain)
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]))
  return value
}

function inputsOf(abi: Abi | readonly unknown[], functionName: string): readonly AbiParameter[] | undefined {
  const found = (abi as Abi).filter(
    (item): item is AbiFunction => item.type === 'function' && item.name === functionName,
  )
  return found.length === 1 ? found[0]?.inputs : undefined
}

/**
 * The arguments of a scheduled owner call, each with its name in the reader's language and its value formatted as
 * the admin actions list formats the same value: token amounts with their token and decimals, rates as
 * percentages, durations in seconds, times as dates, addresses in full, flags as yes or no. A struct's members and
 * an array's elements are one argument each. Empty when the call could not be decoded.
 *
 * @example
 * operationArguments(i18n, { contract: 'Mining', functionName: 'renewPause', args: [600n], … }, miningAbi)
 * // [{ name: 'duration', label: 'Duration', value: '600 s' }]
 */
export function operationArguments(
  i18n: I18n,
  operation: Pick<TimelockOperation, 'contract' | 'functionName' | 'args'>,
  abi: Abi | readonly unknown[] | undefined,
): CallArgument[] {
  const { contract, functionName, args } = operation
  if (!contract || !functionName || !args || !abi) return []
  const inputs = inputsOf(abi, functionName)
  if (!inputs) return []
  const named: Record<string, unknown> = {}
  inputs.forEach((input, index) => {
    named[input.name || `${index}`] = plain(args[index])
  })
  const events = CALL_EVENTS[functionName]
  const eventName = (typeof events === 'string' ? events : events?.[contract]) ?? `call:${functionName}`
  // the token of an excess withdrawal is its first argument (the list reads it from the event's target)
  const target = functionName === 'withdrawExcess' && typeof args[0] === 'string' ? args[0] : null
  const node: AdminActionNode = {
    contract,
    eventName,
    target,
    oldValue: null,
    newValue: null,
    previousValue: null,
    args: '{}',
    blockNumber: '0',
    timestamp: '0',
    transactionHash: '0x',
  }
  return [...flatten(named)].map(([name, value]) => {
    const label = changeLabel(i18n, node, name)
    const own = CALL_ARGUMENT_LABELS[name]
    return {
      name,
      label: label === name && own ? i18n._(own) : label,
      value: showChangeValue(i18n, node, name, value),
    }
  })
}
