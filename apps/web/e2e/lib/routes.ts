/** Every route of SPEC.md §2, as the browser tests expect them (kept apart from the app's own list on purpose). */
export const ROUTES = [
  '/',
  '/home',
  '/burn',
  '/orders',
  '/team',
  '/invites',
  '/mine',
  '/stake',
  '/fomo',
  '/fomoMine',
  '/fomoTeam',
  '/superFom',
  '/superFomMine',
  '/superFomTeam',
  '/mining',
  '/miningMine',
  '/miningTeam',
  '/ido',
  '/swap',
  '/manager',
  '/managerSuper',
  '/managerFom',
  '/managerMining',
  '/wp',
] as const

/** A file name for a route's screenshot. */
export function routeSlug(route: string): string {
  return route === '/' ? 'index' : route.slice(1)
}
