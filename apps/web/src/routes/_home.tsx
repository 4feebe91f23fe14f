import { createFileRoute } from '@tanstack/react-router'

/** The home section: the start pages, minting, the exchange and the white paper (the home tab). */
export const Route = createFileRoute('/_home')({
  staticData: { menu: { tabs: { order: 1, icon: 'home', to: '/' } } },
})
