import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SwapPage } from '../../components/pages/SwapPage.tsx'

export const Route = createFileRoute('/_home/swap')({
  staticData: {
    page: {
      title: msg`Flash exchange`,
      description: msg`Swap USDT and NEX through the exchange router.`,
      related: ['/'],
      features: [],
    },
  },
  component: SwapPage,
})
