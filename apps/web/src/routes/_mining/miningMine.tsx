import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MiningMinePage } from '../../features/mining/MiningPages.tsx'

export const Route = createFileRoute('/_mining/miningMine')({
  staticData: {
    page: {
      title: msg`My mining`,
      description: msg`Your mining stakes, power and rewards.`,
      related: ['/mining', '/miningTeam'],
      catalogs: ['account', 'mining', 'records'],
    },
  },
  component: () => <MiningMinePage />,
})
