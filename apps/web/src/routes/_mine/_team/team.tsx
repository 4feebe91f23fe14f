import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { TeamPage } from '../../../features/team/TeamPage.tsx'

export const Route = createFileRoute('/_mine/_team/team')({
  staticData: {
    page: {
      title: msg`Community`,
      description: msg`Your team level, invitations and team performance.`,
      related: ['/invites', '/orders'],
      catalogs: ['account', 'legacy', 'team'],
    },
  },
  component: TeamPage,
})
