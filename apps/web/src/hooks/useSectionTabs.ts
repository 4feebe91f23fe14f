import { useMemo } from 'react'
import { pagesByPath, trimPath } from '../lib/routeMeta.ts'
import type { PageRoute, RouteLike } from '../lib/routeMeta.ts'
import { useMatchedIds, useRoutes } from './useMenu.ts'

/** The pages of the current section, when its layout shows tabs (FOM, super FOM and mining pages). */
export function useSectionTabs(): PageRoute[] {
  const routes = useRoutes()
  const matched = useMatchedIds()
  return useMemo(() => sectionTabsOf(routes, matched), [routes, matched])
}

/** The pages of the section (layout with `sectionTabs`) around a page, in the route tree's order, or none. */
export function sectionTabsOf(routes: readonly RouteLike[], matchedIds: readonly string[]): PageRoute[] {
  const byId = new Map(routes.map((route) => [route.id, route]))
  const section = matchedIds.findLast((id) => byId.get(id)?.options.staticData?.sectionTabs)
  if (!section) return []
  const pages = pagesByPath(routes)
  return routes
    .filter((route) => (route.parentRoute as RouteLike | undefined)?.id === section && route.options.staticData?.page)
    .map((route) => pages.get(trimPath(route.fullPath)))
    .filter((page) => page !== undefined)
}
