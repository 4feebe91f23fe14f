import { emptyEntityRows, type EntityRows } from '../store/tables.ts'
import type { ContractHandlers } from './common.ts'
import type { DecodedLog } from './decodeLogs.ts'
import { accountEvent, adminAction, adminEvents } from './genericHandlers.ts'
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

/** The entity rows of a range's logs (in log order). */
export function handleLogs(logs: readonly DecodedLog[]): EntityRows {
  const out = emptyEntityRows()
  for (const log of logs) {
    if (log.eventName === 'unknown') continue
    const typed = handlersByKind[log.kind]?.[log.eventName]
    if (typed) typed(log, out)
    if (adminEvents.has(log.eventName)) {
      adminAction(log, out)
      continue
    }
    if (typed || rawOnly.has(log.eventName) || rawOnly.has(`${log.eventName}:${log.kind}`)) continue
    accountEvent(log, out)
  }
  return out
}
