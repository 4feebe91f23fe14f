import { createFileRoute } from '@tanstack/react-router'
import { BurnPage } from '../features/burn/BurnPage.tsx'

export const Route = createFileRoute('/burn')({
  component: BurnPage,
})
