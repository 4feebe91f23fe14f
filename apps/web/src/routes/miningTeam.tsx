import { createFileRoute } from '@tanstack/react-router'
import { MiningTeamPage } from '../features/mining/MiningPages.tsx'

export const Route = createFileRoute('/miningTeam')({
  component: () => <MiningTeamPage />,
})
