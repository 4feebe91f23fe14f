import { createFileRoute } from '@tanstack/react-router'

/** The super FOM pool section: the round game, the own participation and the team, with tabs to each other. */
export const Route = createFileRoute('/_superFom')({
  staticData: {
    menu: { main: { order: 2, icon: 'rocket', to: '/superFom' }, tabs: { order: 6, icon: 'rocket', to: '/superFom' } },
    sectionTabs: true,
  },
})
