import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FomoMinePage } from '../../features/fomo/FomoMinePage.tsx'

export const Route = createFileRoute('/_fomo/fomoMine')({
  staticData: {
    page: {
      title: msg`My FOM`,
      description: msg`Your FOM orders, rewards and doubling deposits.`,
      related: ['/fomo', '/fomoTeam'],
      catalogs: ['account', 'fomo', 'records'],
    },
  },
  component: () => <FomoMinePage pool="Fomo" />,
})
