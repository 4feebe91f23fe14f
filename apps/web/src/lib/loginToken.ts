/** Local-storage key of the legacy API's login token (SPEC.md §3). */
export const LOGIN_TOKEN_KEY = 'loginToken'
/** Local-storage key of the wallet the saved token was issued to (lower case). */
export const LOGIN_ACCOUNT_KEY = 'loginAccount'

/** A saved sign-in: the legacy API's token and the wallet it belongs to (lower case). */
export type SavedLogin = { token: string; account: string }

/** Why the saved login went away: the user signed out, or the server no longer accepted it (code 4700). */
export type LoginEnd = 'signedOut' | 'expired'

type LoginState = { login: SavedLogin | undefined; ended: LoginEnd | undefined }

const listeners = new Set<() => void>()
let ended: LoginEnd | undefined
let cached: { key: string; state: LoginState } | undefined

function read(storage: Pick<Storage, 'getItem'>): SavedLogin | undefined {
  try {
    const token = storage.getItem(LOGIN_TOKEN_KEY)
    const account = storage.getItem(LOGIN_ACCOUNT_KEY)
    return token && account ? { token, account: account.toLowerCase() } : undefined
  } catch {
    return undefined
  }
}

function notify() {
  for (const listener of listeners) listener()
}

/** The saved login and why the last one ended; the same object while nothing changes (useSyncExternalStore). */
export function loginSnapshot(storage: Pick<Storage, 'getItem'> = window.localStorage): LoginState {
  const login = read(storage)
  const key = `${login?.token ?? ''}|${login?.account ?? ''}|${ended ?? ''}`
  if (cached?.key !== key) cached = { key, state: { login, ended } }
  return cached.state
}

/** Calls `listener` when the saved login changes, in this tab or another one. */
export function subscribeLogin(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOGIN_TOKEN_KEY || event.key === LOGIN_ACCOUNT_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Saves a new login (after a sign-in). */
export function saveLogin(storage: Pick<Storage, 'setItem'>, login: SavedLogin): void {
  try {
    storage.setItem(LOGIN_TOKEN_KEY, login.token)
    storage.setItem(LOGIN_ACCOUNT_KEY, login.account.toLowerCase())
  } catch {
    // Storage can be disabled: the login then lasts as long as nothing reads it again.
  }
  ended = undefined
  notify()
}

/**
 * Forgets the saved login token (an account change invalidates it, SPEC.md §4; so do a sign-out and a 4700 answer,
 * `reason`).
 */
export function clearLoginToken(storage: Pick<Storage, 'removeItem'>, reason?: LoginEnd): void {
  try {
    storage.removeItem(LOGIN_TOKEN_KEY)
    storage.removeItem(LOGIN_ACCOUNT_KEY)
  } catch {
    // Storage can be disabled; nothing was saved then.
  }
  ended = reason
  notify()
}
