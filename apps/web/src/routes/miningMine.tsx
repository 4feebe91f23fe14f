import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../components/pages/ComingSoonPage.tsx'

export const Route = createFileRoute('/miningMine')({
  component: () => <ComingSoonPage path="/miningMine" />,
})
