import { FEATURE_CATALOGS } from './i18n.ts'

/**
 * The feature folders (src/features/<name>) whose messages each page shows: the root route loads their catalogs
 * before the page renders (routes/__root.tsx), so a visit loads only the messages it needs. A page missing here
 * loads every feature's catalog, which is always correct, only larger.
 */
export const PAGE_FEATURES: Readonly<Record<string, readonly string[]>> = {
  '/burn': ['account', 'burn'],
  '/fomo': ['fomo'],
  '/fomoMine': ['account', 'fomo'],
  '/fomoTeam': ['fomo'],
  '/home': [],
  '/ido': ['account', 'ido'],
  '/': [],
  '/invites': ['account', 'invites', 'team'],
  '/manager': ['admin', 'legacy', 'timelock'],
  '/managerFom': ['admin', 'timelock'],
  '/managerMining': ['admin', 'timelock'],
  '/managerSuper': ['admin', 'timelock'],
  '/mine': ['account', 'legacy', 'mine'],
  '/mining': ['account', 'fomo', 'mining'],
  '/miningMine': ['account', 'fomo', 'mining'],
  '/miningTeam': ['account', 'fomo', 'mining'],
  '/orders': ['account', 'orders'],
  '/stake': ['fomo', 'stake'],
  '/superFom': ['fomo'],
  '/superFomMine': ['account', 'fomo'],
  '/superFomTeam': ['fomo'],
  '/swap': [],
  '/team': ['account', 'legacy', 'team'],
  '/transparency': ['admin', 'timelock', 'transparency'],
  '/wp': [],
}

/**
 * The catalogs a path needs: its page's features, or every feature for a path not listed in {@link PAGE_FEATURES}.
 *
 * @example
 * featuresOfPath('/burn') // ['burn', 'account']
 */
export function featuresOfPath(pathname: string): readonly string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return PAGE_FEATURES[path] ?? FEATURE_CATALOGS
}
