import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../../features/home/HomePage.tsx'
import { HOME_PAGE } from './-homePage.ts'

export const Route = createFileRoute('/_home/_start/home')({
  staticData: { page: HOME_PAGE },
  component: HomePage,
})
