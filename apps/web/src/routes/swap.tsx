import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../components/pages/ComingSoonPage.tsx'

export const Route = createFileRoute('/swap')({
  component: () => <ComingSoonPage path="/swap" />,
})
