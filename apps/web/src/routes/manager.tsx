import { createFileRoute } from '@tanstack/react-router'
import { ManagerPage } from '../features/admin/ManagerPage.tsx'

export const Route = createFileRoute('/manager')({
  component: ManagerPage,
})
