/** Local-storage key of the legacy API's login token (SPEC.md §3). */
export const LOGIN_TOKEN_KEY = 'loginToken'

/** Forgets the saved login token (an account change invalidates it, SPEC.md §4). */
export function clearLoginToken(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(LOGIN_TOKEN_KEY)
  } catch {
    // Storage can be disabled; nothing was saved then.
  }
}
