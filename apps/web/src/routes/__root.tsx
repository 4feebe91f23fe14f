import { createRootRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../components/pages/NotFoundPage.tsx'
import { AppShell } from '../components/shell/AppShell.tsx'
import { FEATURE_CATALOGS, loadFeatureCatalogs } from '../lib/i18n.ts'
import { pageOfMatches } from '../lib/routeMeta.ts'

export const Route = createRootRoute({
  // The messages of the page's features arrive before the page renders (`staticData.page.features` of its route);
  // a path that is no page loads every catalog, which is always correct, only larger.
  beforeLoad: ({ matches }) => loadFeatureCatalogs(pageOfMatches(matches)?.features ?? FEATURE_CATALOGS),
  component: AppShell,
  notFoundComponent: NotFoundPage,
})
