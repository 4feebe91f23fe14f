import { createRootRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../components/pages/NotFoundPage.tsx'
import { AppShell } from '../components/shell/AppShell.tsx'
import { featuresOfPath } from '../lib/featureCatalogs.ts'
import { loadFeatureCatalogs } from '../lib/i18n.ts'

export const Route = createRootRoute({
  // The messages of the page's features arrive before the page renders (lib/featureCatalogs.ts).
  beforeLoad: ({ location }) => loadFeatureCatalogs(featuresOfPath(location.pathname)),
  component: AppShell,
  notFoundComponent: NotFoundPage,
})
