import { createFileRoute } from '@tanstack/react-router'

/** The start pages, `/` and `/home` (the side menu's home entry). */
export const Route = createFileRoute('/_home/_start')({
  staticData: { menu: { main: { order: 1, icon: 'home', to: '/' } } },
})
