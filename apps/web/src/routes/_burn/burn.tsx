import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { BurnPage } from '../../features/burn/BurnPage.tsx'

export const Route = createFileRoute('/_burn/burn')({
  staticData: {
    page: {
      title: msg`Burn dividends`,
      description: msg`Burn tokens for dividends, with direct, indirect and team rewards.`,
      related: ['/orders', '/team'],
      catalogs: ['account', 'burn'],
    },
  },
  component: BurnPage,
})
