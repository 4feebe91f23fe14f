import { createFileRoute } from '@tanstack/react-router'
import { WhitePaperPage } from '../components/pages/WhitePaperPage.tsx'

export const Route = createFileRoute('/wp')({
  component: WhitePaperPage,
})
