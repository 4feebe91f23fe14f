import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../components/pages/ComingSoonPage.tsx'

export const Route = createFileRoute('/fomoTeam')({
  component: () => <ComingSoonPage path="/fomoTeam" />,
})
