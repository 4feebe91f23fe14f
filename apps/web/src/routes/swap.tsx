import { createFileRoute } from '@tanstack/react-router'
import { SwapPage } from '../components/pages/SwapPage.tsx'

export const Route = createFileRoute('/swap')({
  component: SwapPage,
})
