import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FomoGamePage } from '../../features/fomo/FomoGamePage.tsx'

export const Route = createFileRoute('/_superFom/superFom')({
  staticData: {
    page: {
      title: msg`Super FOM`,
      description: msg`The super FOM pool: bigger rounds, bigger prizes.`,
      related: ['/superFomMine', '/superFomTeam'],
      catalogs: ['fomo', 'records'],
    },
  },
  component: () => <FomoGamePage pool="SuperFomo" />,
})
