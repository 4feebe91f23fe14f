import { createFileRoute } from '@tanstack/react-router'
import { FomoGamePage } from '../features/fomo/FomoGamePage.tsx'

export const Route = createFileRoute('/fomo')({
  component: () => <FomoGamePage pool="Fomo" />,
})
