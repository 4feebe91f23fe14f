import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MiningAdminPage } from '../features/admin/MiningAdminPage.tsx'

export const Route = createFileRoute('/managerMining')({
  staticData: {
    page: {
      title: msg`Mining admin`,
      description: msg`Administration of the mining contract.`,
      related: ['/manager', '/managerSuper', '/managerFom'],
      catalogs: ['admin', 'settings', 'timelock'],
    },
    loadOnce: true,
    menu: { admin: { order: 4, icon: 'shield' } },
  },
  component: MiningAdminPage,
})
