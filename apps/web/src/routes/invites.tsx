import { createFileRoute } from '@tanstack/react-router'
import { InvitesPage } from '../features/invites/InvitesPage.tsx'

export const Route = createFileRoute('/invites')({
  component: InvitesPage,
})
