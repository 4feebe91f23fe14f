import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FomoMinePage } from '../../features/fomo/FomoMinePage.tsx'

export const Route = createFileRoute('/_superFom/superFomMine')({
  staticData: {
    page: {
      title: msg`My super FOM`,
      description: msg`Your super FOM orders and rewards.`,
      related: ['/superFom', '/superFomTeam'],
      catalogs: ['account', 'fomo', 'records'],
    },
  },
  component: () => <FomoMinePage pool="SuperFomo" />,
})
