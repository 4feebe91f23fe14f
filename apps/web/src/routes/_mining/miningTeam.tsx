import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MiningTeamPage } from '../../features/mining/MiningPages.tsx'

export const Route = createFileRoute('/_mining/miningTeam')({
  staticData: {
    page: {
      title: msg`Mining team`,
      description: msg`The mining power of your team.`,
      related: ['/mining', '/miningMine'],
      catalogs: ['account', 'mining', 'records'],
    },
  },
  component: () => <MiningTeamPage />,
})
