import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FomoGamePage } from '../../features/fomo/FomoGamePage.tsx'

export const Route = createFileRoute('/_fomo/fomo')({
  staticData: {
    page: {
      title: msg`FOM pool`,
      description: msg`The FOM round game: deposit before the round ends.`,
      related: ['/fomoMine', '/fomoTeam'],
      catalogs: ['fomo', 'records'],
    },
  },
  component: () => <FomoGamePage pool="Fomo" />,
})
