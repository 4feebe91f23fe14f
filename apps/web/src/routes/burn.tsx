import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../components/pages/ComingSoonPage.tsx'

export const Route = createFileRoute('/burn')({
  component: () => <ComingSoonPage path="/burn" />,
})
