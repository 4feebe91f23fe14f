import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FomoAdminPage } from '../features/admin/FomoAdminPage.tsx'

export const Route = createFileRoute('/managerFom')({
  staticData: {
    page: {
      title: msg`FOM admin`,
      description: msg`Administration of the FOM pool.`,
      related: ['/manager', '/managerSuper', '/managerMining'],
      catalogs: ['admin', 'settings', 'timelock'],
    },
    loadOnce: true,
    menu: { admin: { order: 3, icon: 'shield' } },
  },
  component: () => <FomoAdminPage path="/managerFom" />,
})
