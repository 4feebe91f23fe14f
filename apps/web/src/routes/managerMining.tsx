import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../components/pages/ComingSoonPage.tsx'

export const Route = createFileRoute('/managerMining')({
  component: () => <ComingSoonPage path="/managerMining" />,
})
