import type * as abis from '@nexus/abi'
import type { Abi, ContractEventName, DecodeEventLogReturnType } from 'viem'
import type { EntityRows } from '../store/tables.ts'
import type { DecodedLog } from './decodeLogs.ts'

/** Turns one decoded log into entity rows (appended to `out`). */
export type Handler = (log: DecodedLog, out: EntityRows) => void

/** Handlers of one contract kind, by event name. */
export type ContractHandlers = Record<string, Handler>

/** A decoded log of the event `name` of `abi`, its arguments typed as viem's decodeEventLog types them. */
export type EventLog<abi extends Abi, name extends ContractEventName<abi>> = Omit<DecodedLog, 'eventName' | 'args'> & {
  eventName: name
  args: DecodeEventLogReturnType<abi, name>['args']
}

/** Handlers of the events of `abi`, keyed by event name, each given its event's typed arguments. */
export type TypedHandlers<abi extends Abi> = {
  [name in ContractEventName<abi>]?: (log: EventLog<abi, name>, out: EntityRows) => void
}

/**
 * Handlers keyed by the events of a contract's ABI (libs/abi, generated from the contracts): an event or an
 * argument renamed or retyped in a contract fails the typecheck here instead of writing zeros or "undefined".
 * @dev The log decoder (compileEvent.ts) decodes as viem's decodeEventLog does (its test compares them), so the
 * arguments a handler receives are of these types.
 */
export function handlersOf<const abi extends Abi>(_abi: abi, handlers: TypedHandlers<abi>): ContractHandlers {
  return handlers as unknown as ContractHandlers
}

/**
 * Whether `log` is the event `name` of a contract of `kind` (deployment kind, `SuperFomo` is a `Fomo`) whose ABI
 * is `abi`: narrows its arguments to viem's decoded types for code outside the handler tables (the referral tree).
 */
export function isEventOf<const abi extends Abi, name extends ContractEventName<abi>>(
  log: DecodedLog,
  _abi: abi,
  kind: string,
  name: name,
): log is DecodedLog & EventLog<abi, name> {
  return log.kind === kind && log.eventName === name
}

/** The events of one ABI export of @nexus/abi. */
type EventsOf<value> = value extends readonly unknown[] ? Extract<value[number], { type: 'event' }> : never
type AbiEvents = { [name in keyof typeof abis]: EventsOf<(typeof abis)[name]> }[keyof typeof abis]

/** The name of an event of any contract's ABI (@nexus/abi). */
export type AnyEventName = AbiEvents['name']

/** The name of an argument of an event of any contract's ABI (@nexus/abi). */
export type AnyEventArgName = Extract<AbiEvents['inputs'][number], { name: string }>['name']

export const zeroAddress = '0x0000000000000000000000000000000000000000'
export const deadAddress = '0x000000000000000000000000000000000000dead'

/** JSON of decoded arguments: bigints as decimal strings, addresses lowercase. */
export function jsonOf(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : v,
  )
}

export const addr = (value: string) => value.toLowerCase()
/** An unsigned integer argument as a bigint (viem decodes those up to 48 bits as numbers). */
export const uint = (value: bigint | number) => BigInt(value)

/** The columns every per-event row shares. */
export const eventBase = (log: DecodedLog) => ({
  block_hash: log.blockHash,
  log_index: log.logIndex,
  block_number: log.blockNumber,
  block_timestamp: log.blockTimestamp,
  transaction_hash: log.transactionHash,
})

/** Arguments of a log except the listed ones (the `details` of a row). */
export function rest<args extends object>(args: args, ...taken: (keyof args & string)[]) {
  return jsonOf(Object.fromEntries(Object.entries(args).filter(([key]) => !taken.includes(key as keyof args & string))))
}
