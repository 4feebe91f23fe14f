import type { EntityRows } from '../store/tables.ts'
import type { DecodedLog } from './decodeLogs.ts'

/** Turns one decoded log into entity rows (appended to `out`). */
export type Handler = (log: DecodedLog, out: EntityRows) => void

/** Handlers of one contract kind, by event name. */
export type ContractHandlers = Record<string, Handler>

export const zeroAddress = '0x0000000000000000000000000000000000000000'
export const deadAddress = '0x000000000000000000000000000000000000dead'

/** JSON of decoded arguments: bigints as decimal strings, addresses lowercase. */
export function jsonOf(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : v,
  )
}

export const addr = (value: unknown) => String(value).toLowerCase()
export const uint = (value: unknown) => (typeof value === 'bigint' ? value : BigInt(String(value ?? 0)))

/** The columns every per-event row shares. */
export const eventBase = (log: DecodedLog) => ({
  block_hash: log.blockHash,
  log_index: log.logIndex,
  block_number: log.blockNumber,
  block_timestamp: log.blockTimestamp,
  transaction_hash: log.transactionHash,
})

/** Arguments of a log except the listed ones (the `details` of a row). */
export function rest(args: Record<string, unknown>, ...taken: string[]) {
  return jsonOf(Object.fromEntries(Object.entries(args).filter(([key]) => !taken.includes(key))))
}
