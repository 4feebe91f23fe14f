import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MinePage } from '../../features/mine/MinePage.tsx'
import { parseMineSearch } from '../../features/mine/mineSearch.ts'

export const Route = createFileRoute('/_mine/mine')({
  staticData: {
    page: {
      title: msg`Mine`,
      description: msg`Your assets, NFT dividends and NFT synthesis.`,
      related: ['/stake', '/orders', '/ido'],
      catalogs: ['account', 'legacy', 'mine'],
    },
    menu: { main: { order: 6, icon: 'user' } },
  },
  validateSearch: parseMineSearch,
  component: function MineRoute() {
    return <MinePage view={Route.useSearch().view} />
  },
})
