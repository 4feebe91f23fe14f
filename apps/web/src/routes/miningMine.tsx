import { createFileRoute } from '@tanstack/react-router'
import { MiningMinePage } from '../features/mining/MiningPages.tsx'

export const Route = createFileRoute('/miningMine')({
  component: () => <MiningMinePage />,
})
