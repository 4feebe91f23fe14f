import { createFileRoute } from '@tanstack/react-router'

/** The mining section: the tiers, the own stakes and the team, with tabs to each other. */
export const Route = createFileRoute('/_mining')({
  staticData: {
    menu: { main: { order: 3, icon: 'pickaxe', to: '/mining' }, tabs: { order: 5, icon: 'pickaxe', to: '/mining' } },
    sectionTabs: true,
  },
})
