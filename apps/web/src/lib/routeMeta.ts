import type { MessageDescriptor } from '@lingui/core'
import type { StaticDataRouteOption } from '@tanstack/react-router'
import type { IconName } from './iconPaths.ts'
import type { FileRoutesByTo } from '../routeTree.gen.ts'

/**
 * What the app knows about its routes comes from the route files alone (src/routes): each page route declares its
 * page (`staticData.page`: title, lead, related pages, feature catalogs), and a route that has a place in a menu
 * declares it (`staticData.menu`). Section layout routes (pathless, `_burn.tsx` and its folder) group the pages
 * under which a menu entry shows as active. The menus, the document title, the section tabs, the related links
 * and the catalogs a page loads are all read from the router's routes (hooks/useMenu.ts, hooks/usePage.ts, hooks/useSectionTabs.ts).
 */

/** A path of a page route (the router's own list, routeTree.gen.ts). */
export type RoutePath = keyof FileRoutesByTo

/** The menus: the side menu's sections, its public extras (transparency), its admin part, the bottom tabs. */
export type MenuName = 'main' | 'more' | 'admin' | 'tabs'

export type PageMeta = {
  title: MessageDescriptor
  description: MessageDescriptor
  /** Pages shown as shortcuts on this page (sub-pages and neighbours). */
  related: readonly RoutePath[]
  /**
   * The catalogs (feature folders src/features/<name> and shared blocks src/components/blocks/<name>) whose
   * messages the page shows: the root route loads them before the page renders, so a visit loads only the messages
   * it needs (routeMeta.test.ts derives the list from the route's imports and prints the right value when it is out
   * of date).
   */
  catalogs: readonly string[]
}

export type MenuPlace = {
  /** Position within the menu (ascending). */
  order: number
  icon: IconName
  /** The entry's label; the title of the page it leads to when omitted. */
  label?: MessageDescriptor
  /** The page the entry leads to; required on a layout route, the route's own page otherwise. */
  to?: RoutePath
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Every route with a path has one (routeMeta.test.ts). */
    page?: PageMeta
    /** The entry is active while this route (a page, or a layout and so any page under it) is matched. */
    menu?: Partial<Record<MenuName, MenuPlace>>
    /** A layout whose pages show tabs to each other (game, mine, team), in the route tree's order. */
    sectionTabs?: boolean
    /**
     * The page's chain figures are read when it opens and never refreshed by themselves (the admin pages, SPEC.md
     * §2); every other page refreshes them every 3 s (data/ChainData.tsx).
     */
    loadOnce?: boolean
  }
}

/** The parts of a router's route that the derivations below read (router.routesById values, or a test's). */
export type RouteLike = {
  id: string
  fullPath: string
  parentRoute?: unknown
  options: { staticData?: StaticDataRouteOption }
}

export type MenuEntry = {
  /** The route that declares the entry: the entry is active while it is matched. */
  routeId: string
  to: RoutePath
  label: MessageDescriptor
  icon: IconName
  order: number
}

export type PageRoute = { routeId: string; path: RoutePath; page: PageMeta }

/** The page routes by path (`/` is the index page under the home sections). */
export function pagesByPath(routes: readonly RouteLike[]): ReadonlyMap<string, PageRoute> {
  const pages = new Map<string, PageRoute>()
  for (const route of routes) {
    const page = route.options.staticData?.page
    if (page)
      pages.set(trimPath(route.fullPath), { routeId: route.id, path: trimPath(route.fullPath) as RoutePath, page })
  }
  return pages
}

/** The entries of a menu in their order; throws when an entry leads to a path that is no page (a test catches it). */
export function menuEntries(routes: readonly RouteLike[], menu: MenuName): MenuEntry[] {
  const pages = pagesByPath(routes)
  const entries: MenuEntry[] = []
  for (const route of routes) {
    const place = route.options.staticData?.menu?.[menu]
    if (!place) continue
    const to = place.to ?? trimPath(route.fullPath)
    const target = pages.get(to)
    if (!target) throw new Error(`the ${menu} menu entry of route ${route.id} leads to ${to}, which is no page`)
    entries.push({
      routeId: route.id,
      to: target.path,
      label: place.label ?? target.page.title,
      icon: place.icon,
      order: place.order,
    })
  }
  return entries.sort((a, b) => a.order - b.order)
}

/** The page of the deepest matched route that has one (undefined on a path that is no page). */
export function pageOfMatches(matches: readonly { staticData: RouteLike['options']['staticData'] }[]) {
  return matches.findLast((match) => match.staticData?.page)?.staticData?.page
}

/** Whether the matched routes refresh their chain figures by themselves: no matched route is `loadOnce`. */
export function refreshesByItself(matches: readonly { staticData: RouteLike['options']['staticData'] }[]): boolean {
  return !matches.some((match) => match.staticData?.loadOnce === true)
}

/** A path without its trailing slashes (`/` stays). */
export function trimPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}
