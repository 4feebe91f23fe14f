import { createFileRoute } from '@tanstack/react-router'
import { FomoTeamPage } from '../features/fomo/FomoTeamPage.tsx'

export const Route = createFileRoute('/superFomTeam')({
  component: () => <FomoTeamPage pool="SuperFomo" />,
})
