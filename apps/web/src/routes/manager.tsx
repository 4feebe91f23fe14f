import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ManagerPage } from '../features/admin/ManagerPage.tsx'

export const Route = createFileRoute('/manager')({
  staticData: {
    page: {
      title: msg`NFT admin`,
      description: msg`Administration of the burn-node NFT contract.`,
      related: ['/managerSuper', '/managerFom', '/managerMining'],
      catalogs: ['admin', 'legacy', 'settings', 'timelock'],
    },
    loadOnce: true,
    menu: { admin: { order: 1, icon: 'shield' } },
  },
  component: ManagerPage,
})
