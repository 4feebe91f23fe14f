import { emptyEntityRows, type EntityRows } from '../store/tables.ts'
import type { ContractHandlers } from './common.ts'
import type { DecodedLog } from './decodeLogs.ts'
import { accountEvent, accountEvents, adminAction, adminEvents } from './genericHandlers.ts'
import { logHandlers } from './logHandlers.ts'
import {
  burnOrderHandlers,
  doubleOrderHandlers,
  fomoOrderHandlers,
  miningOrderHandlers,
  stakeOrderHandlers,
} from './orderHandlers.ts'
import {
  burnTeamHandlers,
  burnTokenHandlers,
  fomoRoundHandlers,
  fomoTeamHandlers,
  idoHandlers,
  nftHandlers,
  tokenHandlers,
} from './otherHandlers.ts'

/** Typed handlers by contract kind; events without one become account events or stay raw (event_log). */
const handlersByKind: Record<string, ContractHandlers> = {
  Log: logHandlers,
  Burn: { ...burnOrderHandlers, ...burnTokenHandlers, ...burnTeamHandlers },
  Fomo: { ...fomoOrderHandlers, ...fomoRoundHandlers, ...fomoTeamHandlers },
  Stake: stakeOrderHandlers,
  Mining: miningOrderHandlers,
  Double: doubleOrderHandlers,
  Ido: idoHandlers,
  Nft: nftHandlers,
  Token: tokenHandlers,
}

/**
 * Events that are no account event even though they name accounts: Main's registrations (the referral tree,
 * written separately), ERC-20/1155 approvals and the token's transfers and fees (raw only; burns are typed).
 */
const rawOnly = new Set(['Registered:Main', 'Approval', 'ApprovalForAll', 'Transfer', 'FeesTaken'])

/** What the index makes of an event besides its raw `event_log` row. */
export type EventClass = 'typed' | 'admin' | 'typed+admin' | 'raw' | 'account' | 'unclassified'

/**
 * The class of a contract kind's event: a typed handler's rows, an admin action, raw only, an account event, or
 * unclassified (raw only, and a test fails: every event of every indexed ABI must be classified on purpose, so
 * that a new event is neither shown to users by accident nor missing from the admin actions).
 */
export function classifyEvent(kind: string, eventName: string): EventClass {
  const typed = Boolean(handlersByKind[kind]?.[eventName])
  if (adminEvents.has(eventName)) return typed ? 'typed+admin' : 'admin'
  if (typed) return 'typed'
  if (rawOnly.has(eventName) || rawOnly.has(`${eventName}:${kind}`)) return 'raw'
  return accountEvents.has(eventName) ? 'account' : 'unclassified'
}

/** The entity rows of a range's logs (in log order). */
export function handleLogs(logs: readonly DecodedLog[]): EntityRows {
  const out = emptyEntityRows()
  for (const log of logs) {
    if (log.eventName === 'unknown') continue
    const kind = classifyEvent(log.kind, log.eventName)
    if (kind === 'typed' || kind === 'typed+admin') handlersByKind[log.kind]?.[log.eventName]?.(log, out)
    if (kind === 'admin' || kind === 'typed+admin') adminAction(log, out)
    if (kind === 'account') accountEvent(log, out)
  }
  return out
}
