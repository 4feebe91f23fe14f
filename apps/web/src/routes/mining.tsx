import { createFileRoute } from '@tanstack/react-router'
import { MiningPage } from '../features/mining/MiningPages.tsx'

export const Route = createFileRoute('/mining')({
  component: () => <MiningPage />,
})
