import { createRootRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../components/pages/NotFoundPage.tsx'
import { AppShell } from '../components/shell/AppShell.tsx'

export const Route = createRootRoute({
  component: AppShell,
  notFoundComponent: NotFoundPage,
})
