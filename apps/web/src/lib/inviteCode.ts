import { getAddress, isAddress, zeroAddress } from 'viem'
import type { Address } from 'viem'

/** Local-storage key of the invite code (SPEC.md §3). */
export const INVITE_CODE_KEY = 'inviteCode'
/** The invite code when none was given (SPEC.md §9). */
export const DEFAULT_INVITE_CODE: Address = zeroAddress

export type InviteCodeParam =
  { kind: 'absent' } | { kind: 'valid'; address: Address } | { kind: 'invalid'; raw: string }

/**
 * Reads the `code` query parameter of a search string. A code is valid when it is an address (any case;
 * mixed case must carry a correct checksum).
 *
 * @example
 * parseInviteCodeParam('?code=0x70997970c51812dc3a010c7d01b50e0d17dc79c8') // { kind: 'valid', address: '0x7099…79C8' }
 * parseInviteCodeParam('?code=<script>') // { kind: 'invalid', raw: '<script>' }
 */
export function parseInviteCodeParam(search: string): InviteCodeParam {
  const raw = new URLSearchParams(search).get('code')
  if (raw === null) return { kind: 'absent' }
  const value = raw.trim()
  if (isAddress(value, { strict: true })) return { kind: 'valid', address: getAddress(value) }
  return { kind: 'invalid', raw }
}

/**
 * The saved invite code, or the zero address when none (or garbage) is saved.
 *
 * @example
 * readInviteCode(window.localStorage)
 */
export function readInviteCode(storage: Pick<Storage, 'getItem'>): Address {
  const saved = safeGet(storage, INVITE_CODE_KEY)
  return saved !== null && isAddress(saved, { strict: true }) ? getAddress(saved) : DEFAULT_INVITE_CODE
}

/**
 * Stores the `code` query parameter of `search` as the invite code when it is a valid address, and tells what it
 * found; invalid codes are not stored (SPEC.md §2). Without a saved code, the default (zero address) is saved.
 *
 * @example
 * captureInviteCode(window.location.search, window.localStorage)
 */
export function captureInviteCode(search: string, storage: Pick<Storage, 'getItem' | 'setItem'>): InviteCodeParam {
  const param = parseInviteCodeParam(search)
  if (param.kind === 'valid') safeSet(storage, param.address)
  else if (readInviteCode(storage) === DEFAULT_INVITE_CODE) safeSet(storage, DEFAULT_INVITE_CODE)
  return param
}

function safeSet(storage: Pick<Storage, 'setItem'>, value: string) {
  try {
    storage.setItem(INVITE_CODE_KEY, value)
  } catch {
    // Storage can be full or disabled (private mode); the code still works for this visit through the URL.
  }
}

function safeGet(storage: Pick<Storage, 'getItem'>, key: string): string | null {
  try {
    return storage.getItem(key)
  } catch {
    return null
  }
}
