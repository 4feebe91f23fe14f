import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FomoAdminPage } from '../features/admin/FomoAdminPage.tsx'

export const Route = createFileRoute('/managerSuper')({
  staticData: {
    page: {
      title: msg`Super FOM admin`,
      description: msg`Administration of the super FOM pool.`,
      related: ['/manager', '/managerFom', '/managerMining'],
      catalogs: ['admin', 'settings', 'timelock'],
    },
    loadOnce: true,
    menu: { admin: { order: 2, icon: 'shield' } },
  },
  component: () => <FomoAdminPage path="/managerSuper" />,
})
