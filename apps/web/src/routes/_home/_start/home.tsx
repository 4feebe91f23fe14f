import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../../components/pages/HomePage.tsx'

export const Route = createFileRoute('/_home/_start/home')({
  staticData: {
    page: {
      title: msg`Home`,
      description: msg`Minting with a round countdown, the next round, notes and advantages.`,
      related: ['/ido', '/swap', '/wp'],
      features: [],
    },
  },
  component: HomePage,
})
