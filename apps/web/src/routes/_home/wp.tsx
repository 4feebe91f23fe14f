import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { WhitePaperPage } from '../../components/pages/WhitePaperPage.tsx'

export const Route = createFileRoute('/_home/wp')({
  staticData: {
    page: {
      title: msg`White paper`,
      description: msg`The plan behind the product.`,
      related: ['/'],
      catalogs: [],
    },
  },
  component: WhitePaperPage,
})
