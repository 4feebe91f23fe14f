import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { TransparencyPage } from '../features/transparency/TransparencyPage.tsx'

export const Route = createFileRoute('/transparency')({
  staticData: {
    page: {
      title: msg`Transparency`,
      description: msg`Every privileged action on the contracts, and what each contract holds against what it owes users.`,
      related: ['/', '/wp'],
      catalogs: ['settings', 'timelock', 'transparency'],
    },
    menu: { more: { order: 1, icon: 'layers' } },
  },
  component: TransparencyPage,
})
