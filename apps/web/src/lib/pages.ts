import type { AnyRoute } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen.ts'
import { pagesByPath } from './routeMeta.ts'
import type { PageMeta, RouteLike, RoutePath } from './routeMeta.ts'

/**
 * @deprecated A page's title, lead and related pages live in its route file (`staticData.page`) and a page reads
 * them with `usePage()` (hooks/usePage.ts). This read-only view of the same data remains only for
 * features/admin and features/transparency until they call `usePage()`; then this file goes.
 */
export const PAGES: Readonly<Record<RoutePath, PageMeta>> = new Proxy({} as Record<RoutePath, PageMeta>, {
  get(_, path) {
    // Read on first use, in a render: the router has set every route's full path by then.
    pages ??= pagesByPath([...routesOf(routeTree)] as RouteLike[])
    const page = typeof path === 'string' ? pages.get(path)?.page : undefined
    if (!page) throw new Error(`no page route for ${String(path)}`)
    return page
  },
})

let pages: ReadonlyMap<string, { page: PageMeta }> | undefined

function* routesOf(route: AnyRoute): Generator<AnyRoute> {
  yield route
  const children: unknown = route.children
  for (const child of Array.isArray(children) ? children : Object.values(children ?? {}))
    yield* routesOf(child as AnyRoute)
}
