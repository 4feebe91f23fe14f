import { useMemo } from 'react'
import { useMatch } from '@tanstack/react-router'
import { pagesByPath, trimPath } from '../lib/routeMeta.ts'
import type { PageMeta, PageRoute, RoutePath } from '../lib/routeMeta.ts'
import { useRoutes } from './useMenu.ts'

/** The page of the route a component renders in (its path and `staticData.page`). */
export function usePage(): { path: RoutePath; page: PageMeta } {
  const match = useMatch({ strict: false })
  const page = match.staticData.page
  if (!page) throw new Error(`route ${match.routeId} has no staticData.page`)
  return { path: trimPath(match.fullPath) as RoutePath, page }
}

/** The pages by path (related links). */
export function usePages(): ReadonlyMap<string, PageRoute> {
  const routes = useRoutes()
  return useMemo(() => pagesByPath(routes), [routes])
}
