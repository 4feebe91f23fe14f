import { createFileRoute } from '@tanstack/react-router'
import { StakePage } from '../features/stake/StakePage.tsx'

export const Route = createFileRoute('/stake')({
  component: () => <StakePage />,
})
