import { useMemo } from 'react'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { menuEntries } from '../lib/routeMeta.ts'
import type { MenuEntry, MenuName, RouteLike } from '../lib/routeMeta.ts'

/** The router's routes (root, section layouts, pages), as the derivations of lib/routeMeta.ts read them. */
export function useRoutes(): readonly RouteLike[] {
  const router = useRouter()
  return useMemo(() => Object.values(router.routesById) as RouteLike[], [router])
}

/** The ids of the matched routes (root, layouts, page); changes only with them. */
export function useMatchedIds(): readonly string[] {
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
