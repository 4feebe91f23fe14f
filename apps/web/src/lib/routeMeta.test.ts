import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createAppRouter } from '../router.tsx'
import { CATALOGS } from './i18n.ts'
import { sectionTabsOf } from '../hooks/useSectionTabs.ts'
import { menuEntries, pageOfMatches, pagesByPath, refreshesByItself } from './routeMeta.ts'
import type { MenuName, RouteLike } from './routeMeta.ts'

const src = resolve(import.meta.dirname, '..')
const router = createAppRouter()
const routes = Object.values(router.routesById) as RouteLike[]

/** The ids of the routes matched on a path (root, layouts, page). */
function matched(path: string): string[] {
  return router.matchRoutes(path).map((match) => match.routeId as string)
}

/** The paths on which each entry of a menu shows as active, by the path the entry leads to. */
function activeOn(menu: MenuName): Record<string, string[]> {
  const pages = [...pagesByPath(routes).keys()]
  return Object.fromEntries(
    menuEntries(routes, menu).map((entry) => [
      entry.to,
      pages.filter((path) => matched(path).includes(entry.routeId)).sort(),
    ]),
  )
}
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/**
 * The source files a file reaches through relative imports (static and dynamic), itself included. The route tree
 * is the entry's (it reaches every route), not a page's: a page that reads it (through the route hooks) needs no more catalogs.
 */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || file.endsWith('routeTree.gen.ts')) return seen
  seen.add(file)
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolve(dirname(file), match[1] ?? match[2] ?? '')
    if (/\.(tsx?|po)$/.test(target) && existsSync(target) && !target.endsWith('.po')) reach(target, seen)
  }
  return seen
}

/** The feature folders and shared blocks whose code a route's page reaches: the catalogs it needs. */
function catalogsOfRoute(routeFile: string): string[] {
  const catalogs = new Set<string>()
  for (const file of reach(routeFile)) {
    const parts = relative(src, file).split('/')
    const name =
      parts[0] === 'features' ? parts[1] : parts[0] === 'components' && parts[1] === 'blocks' ? parts[2] : undefined
    if (name && CATALOGS.includes(name)) catalogs.add(name)
  }
  return [...catalogs].sort()
}

/** The page route files (src/routes, layouts `_name.tsx` and the root `__root.tsx` left out) by their page's path. */
function pageRouteFiles(): Map<string, string> {
  const files = new Map<string, string>()
  for (const entry of readdirSync(join(src, 'routes'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.tsx') || entry.name.startsWith('_')) continue
    const name = entry.name.replace(/\.tsx$/, '')
    files.set(name === 'index' ? '/' : `/${name}`, join(entry.parentPath, entry.name))
  }
  return files
}

describe('the catalogs of each page (staticData.page.catalogs)', () => {
  it('name exactly the feature folders and shared blocks with catalogs that its route reaches', () => {
    const expected: Record<string, string[]> = {}
    for (const [path, file] of [...pageRouteFiles()].sort()) expected[path] = catalogsOfRoute(file)
    const listed = Object.fromEntries(
      [...pagesByPath(routes)].sort().map(([path, { page }]) => [path, [...page.catalogs].sort()]),
    )
    // On failure, the expected value says what each route's `catalogs` should be.
    expect(listed).toEqual(expected)
  })
})

describe("the first page's catalogs before the app renders (main.tsx)", () => {
  it('are read from the router built for the app, so they load with the language', () => {
    expect(pageOfMatches(router.matchRoutes('/'))?.catalogs).toEqual(['home'])
    expect(pageOfMatches(router.matchRoutes('/burn'))?.catalogs).toEqual(['account', 'burn'])
    expect(pageOfMatches(router.matchRoutes('/no-such-page'))?.catalogs).toBeUndefined()
  })
})

describe('route metadata', () => {
  it('is declared by every page route file, and only page routes have pages', () => {
    const files = pageRouteFiles()
    expect(files.size).toBe(25)
    const pages = pagesByPath(routes)
    // A page route file without `staticData.page` fails here.
    expect([...pages.keys()].sort()).toEqual([...files.keys()].sort())
    for (const route of routes) {
      const isPage = route.options.staticData?.page !== undefined
      expect(isPage, route.id).toBe(matched(route.fullPath).at(-1) === route.id && !route.id.endsWith('__root__'))
    }
  })

  it('links only to pages that exist', () => {
    const pages = pagesByPath(routes)
    for (const { path, page } of pages.values())
      for (const related of page.related) expect(pages.has(related), `${path} -> ${related}`).toBe(true)
  })

  it('makes a menu entry that leads to a missing page fail', () => {
    const broken: RouteLike[] = [
      ...routes,
      {
        id: '/_broken',
        fullPath: '/',
        options: { staticData: { menu: { tabs: { order: 9, icon: 'home', to: '/gone' as '/' } } } },
      },
    ]
    expect(() => menuEntries(broken, 'tabs')).toThrow(
      'the tabs menu entry of route /_broken leads to /gone, which is no page',
    )
  })

  it('gives the side menu of SPEC.md §2 in its order, each entry active on its pages', () => {
    expect(Object.keys(activeOn('main'))).toEqual(['/', '/superFom', '/mining', '/burn', '/team', '/mine'])
    expect(activeOn('main')).toEqual({
      '/': ['/', '/home'],
      '/superFom': ['/superFom', '/superFomMine', '/superFomTeam'],
      '/mining': ['/mining', '/miningMine', '/miningTeam'],
      '/burn': ['/burn', '/orders'],
      '/team': ['/invites', '/team'],
      '/mine': ['/mine'],
    })
    expect(activeOn('more')).toEqual({ '/transparency': ['/transparency'] })
  })

  it('gives the four admin screens, each active on itself', () => {
    expect(activeOn('admin')).toEqual({
      '/manager': ['/manager'],
      '/managerSuper': ['/managerSuper'],
      '/managerFom': ['/managerFom'],
      '/managerMining': ['/managerMining'],
    })
  })

  it('reads the chain figures once on exactly the admin screens, and refreshes them everywhere else', () => {
    const byId = new Map(routes.map((route) => [route.id, route]))
    const refreshing = (path: string) =>
      refreshesByItself(matched(path).map((id) => ({ staticData: byId.get(id)?.options.staticData })))
    const pages = [...pagesByPath(routes).keys()]
    const once = pages.filter((path) => !refreshing(path))
    expect(once.sort()).toEqual(Object.keys(activeOn('admin')).sort())
    expect(pages.length - once.length).toBe(21)
  })

  it('gives the six bottom tabs, exactly one active on every page but the admin and transparency pages', () => {
    const tabs = activeOn('tabs')
    expect(Object.keys(tabs)).toEqual(['/', '/burn', '/fomo', '/mine', '/mining', '/superFom'])
    expect(tabs['/']).toEqual(['/', '/home', '/ido', '/swap', '/wp'])
    expect(tabs['/mine']).toEqual(['/invites', '/mine', '/stake', '/team'])
    const covered = Object.values(tabs).flat()
    expect(new Set(covered).size).toBe(covered.length)
    const uncovered = [...pagesByPath(routes).keys()].filter((path) => !covered.includes(path))
    expect(uncovered.sort()).toEqual(['/manager', '/managerFom', '/managerMining', '/managerSuper', '/transparency'])
  })

  it('gives the tabs of the FOM, super FOM and mining sections, and none elsewhere', () => {
    const tabs = (path: string) => sectionTabsOf(routes, matched(path)).map((page) => page.path)
    expect(tabs('/fomoMine')).toEqual(['/fomo', '/fomoMine', '/fomoTeam'])
    expect(tabs('/superFom')).toEqual(['/superFom', '/superFomMine', '/superFomTeam'])
    expect(tabs('/miningTeam')).toEqual(['/mining', '/miningMine', '/miningTeam'])
    expect(tabs('/burn')).toEqual([])
    expect(tabs('/stake')).toEqual([])
  })

  it('finds the page of a path for the document title, and none on a path that is no page', () => {
    expect(pageOfMatches(router.matchRoutes('/wp'))?.title.id).toBe(pagesByPath(routes).get('/wp')?.page.title.id)
    expect(pageOfMatches(router.matchRoutes('/wp/'))?.title.id).toBe(pagesByPath(routes).get('/wp')?.page.title.id)
    expect(pageOfMatches(router.matchRoutes('/nope'))).toBeUndefined()
  })
})
