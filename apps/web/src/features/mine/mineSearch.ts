/** The `view` search parameter of /mine: the action log, or the assets (absent). */
export type MineView = 'log' | undefined

/**
 * Validates /mine's search parameters: only `view=log` selects the action log; anything else shows the assets.
 *
 * @example
 * parseMineSearch({ view: 'log' }) // { view: 'log' }
 * parseMineSearch({ view: '<x>' }) // { view: undefined }
 */
export function parseMineSearch(search: Record<string, unknown>): { view: MineView } {
  return { view: search.view === 'log' ? 'log' : undefined }
}
