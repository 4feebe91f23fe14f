import { createFileRoute } from '@tanstack/react-router'
import { MiningAdminPage } from '../features/admin/MiningAdminPage.tsx'

export const Route = createFileRoute('/managerMining')({
  component: MiningAdminPage,
})
