import { createRouter } from '@tanstack/react-router'
import { PENDING_MS, PendingPage } from './components/shell/PendingPage.tsx'
import { RouteError } from './components/shell/RouteError.tsx'
import { routeTree } from './routeTree.gen.ts'

/** The app's router: file routes, each page its own chunk (autoCodeSplitting in vite.config.ts). */
export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    // A page whose chunk takes longer than a second to arrive shows a spinner meanwhile (and gives up after 120 s).
    defaultPendingComponent: PendingPage,
    defaultPendingMs: PENDING_MS,
    // The shell scrolls to the top on every route change itself (SPEC.md §2).
    scrollRestoration: false,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
