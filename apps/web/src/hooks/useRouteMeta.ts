import { useMemo } from 'react'
import { useMatch, useRouter, useRouterState } from '@tanstack/react-router'
import { menuEntries, pagesByPath, sectionTabsOf } from '../lib/routeMeta.ts'
import type { MenuEntry, MenuName, PageMeta, PageRoute, RouteLike, RoutePath } from '../lib/routeMeta.ts'

function useRoutes(): readonly RouteLike[] {
  const router = useRouter()
  return useMemo(() => Object.values(router.routesById) as RouteLike[], [router])
}

/** The ids of the matched routes (root, layouts, page), as one string so that it only changes with them. */
function useMatchedIds(): readonly string[] {
  const ids = useRouterState({ select: (state) => state.matches.map((match) => match.routeId).join(' ') })
  return useMemo(() => ids.split(' '), [ids])
}

/** A menu's entries in their order, each marked active while the route that declares it is matched. */
export function useMenu(menu: MenuName): (MenuEntry & { active: boolean })[] {
  const routes = useRoutes()
  const matched = useMatchedIds()
  const entries = useMemo(() => menuEntries(routes, menu), [routes, menu])
  return useMemo(
    () => entries.map((entry) => ({ ...entry, active: matched.includes(entry.routeId) })),
    [entries, matched],
  )
}

/** The page of the route a component renders in (its path and `staticData.page`). */
export function usePage(): { path: RoutePath; page: PageMeta } {
  const match = useMatch({ strict: false })
  const page = match.staticData.page
  if (!page) throw new Error(`route ${match.routeId} has no page metadata (staticData.page)`)
  return { path: trimPath(match.fullPath) as RoutePath, page }
}

/** The pages of given paths (related links, tabs). */
export function usePages(): ReadonlyMap<string, PageRoute> {
  const routes = useRoutes()
  return useMemo(() => pagesByPath(routes), [routes])
}

/** The pages of the current section, when its layout shows tabs (FOM, super FOM and mining pages). */
export function useSectionTabs(): PageRoute[] {
  const routes = useRoutes()
  const matched = useMatchedIds()
  return useMemo(() => sectionTabsOf(routes, matched), [routes, matched])
}

function trimPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}
