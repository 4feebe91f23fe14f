import { createFileRoute } from '@tanstack/react-router'
import { FomoMinePage } from '../features/fomo/FomoMinePage.tsx'

export const Route = createFileRoute('/fomoMine')({
  component: () => <FomoMinePage pool="Fomo" />,
})
