import { createFileRoute } from '@tanstack/react-router'
import { FomoMinePage } from '../features/fomo/FomoMinePage.tsx'

export const Route = createFileRoute('/superFomMine')({
  component: () => <FomoMinePage pool="SuperFomo" />,
})
