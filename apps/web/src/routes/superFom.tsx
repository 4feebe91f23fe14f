import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../components/pages/ComingSoonPage.tsx'

export const Route = createFileRoute('/superFom')({
  component: () => <ComingSoonPage path="/superFom" />,
})
