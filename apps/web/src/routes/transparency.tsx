import { createFileRoute } from '@tanstack/react-router'
import { TransparencyPage } from '../features/transparency/TransparencyPage.tsx'

export const Route = createFileRoute('/transparency')({
  component: TransparencyPage,
})
