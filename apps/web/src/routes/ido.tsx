import { createFileRoute } from '@tanstack/react-router'
import { IdoPage } from '../features/ido/IdoPage.tsx'

export const Route = createFileRoute('/ido')({
  component: IdoPage,
})
