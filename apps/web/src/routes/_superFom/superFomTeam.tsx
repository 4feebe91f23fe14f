import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FomoTeamPage } from '../../features/fomo/FomoTeamPage.tsx'

export const Route = createFileRoute('/_superFom/superFomTeam')({
  staticData: {
    page: {
      title: msg`Super FOM team`,
      description: msg`The super FOM performance of your team.`,
      related: ['/superFom', '/superFomMine'],
      catalogs: ['fomo', 'records'],
    },
  },
  component: () => <FomoTeamPage pool="SuperFomo" />,
})
