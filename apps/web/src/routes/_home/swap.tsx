import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SwapPage } from '../../features/swap/SwapPage.tsx'

export const Route = createFileRoute('/_home/swap')({
  staticData: {
    page: {
      title: msg`Flash exchange`,
      description: msg`Swap USDT and NEX through the exchange router.`,
      related: ['/'],
      catalogs: ['swap'],
    },
  },
  component: SwapPage,
})
