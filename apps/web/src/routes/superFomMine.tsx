import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../components/pages/ComingSoonPage.tsx'

export const Route = createFileRoute('/superFomMine')({
  component: () => <ComingSoonPage path="/superFomMine" />,
})
