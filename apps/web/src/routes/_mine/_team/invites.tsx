import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { InvitesPage } from '../../../features/invites/InvitesPage.tsx'

export const Route = createFileRoute('/_mine/_team/invites')({
  staticData: {
    page: {
      title: msg`Invitations`,
      description: msg`Everyone who joined through your invitation link.`,
      related: ['/team'],
      catalogs: ['account', 'invites'],
    },
  },
  component: InvitesPage,
})
