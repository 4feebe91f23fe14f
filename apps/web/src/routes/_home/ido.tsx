import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { IdoPage } from '../../features/ido/IdoPage.tsx'

export const Route = createFileRoute('/_home/ido')({
  staticData: {
    page: {
      title: msg`Minting history`,
      description: msg`Every minting round and your part in it.`,
      related: ['/', '/mine'],
      catalogs: ['account', 'ido'],
    },
  },
  component: IdoPage,
})
