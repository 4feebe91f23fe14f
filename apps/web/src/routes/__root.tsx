import { createRootRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../components/pages/NotFoundPage.tsx'
import { AppShell } from '../components/shell/AppShell.tsx'
import { CATALOGS, loadCatalogs } from '../lib/i18n.ts'
import { pageOfMatches } from '../lib/routeMeta.ts'

export const Route = createRootRoute({
  // The messages of the page's catalogs arrive before the page renders (`staticData.page.catalogs` of its route);
  // a path that is no page loads every catalog, which is always correct, only larger.
  beforeLoad: ({ matches }) => loadCatalogs(pageOfMatches(matches)?.catalogs ?? CATALOGS),
  component: AppShell,
  notFoundComponent: NotFoundPage,
})
