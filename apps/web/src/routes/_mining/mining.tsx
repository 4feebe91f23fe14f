import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MiningPage } from '../../features/mining/MiningPages.tsx'

export const Route = createFileRoute('/_mining/mining')({
  staticData: {
    page: {
      title: msg`Mining`,
      description: msg`Stake in one of the mining tiers and earn by hash power.`,
      related: ['/miningMine', '/miningTeam'],
      catalogs: ['account', 'mining', 'records'],
    },
  },
  component: () => <MiningPage />,
})
