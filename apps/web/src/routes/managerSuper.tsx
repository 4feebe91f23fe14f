import { createFileRoute } from '@tanstack/react-router'
import { FomoAdminPage } from '../features/admin/FomoAdminPage.tsx'

export const Route = createFileRoute('/managerSuper')({
  component: () => <FomoAdminPage path="/managerSuper" />,
})
