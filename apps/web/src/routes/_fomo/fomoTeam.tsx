import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FomoTeamPage } from '../../features/fomo/FomoTeamPage.tsx'

export const Route = createFileRoute('/_fomo/fomoTeam')({
  staticData: {
    page: {
      title: msg`FOM team`,
      description: msg`The FOM performance of your team.`,
      related: ['/fomo', '/fomoMine'],
      catalogs: ['fomo', 'records'],
    },
  },
  component: () => <FomoTeamPage pool="Fomo" />,
})
