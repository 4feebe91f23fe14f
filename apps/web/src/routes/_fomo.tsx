import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

/** The FOM pool section: the round game, the own participation and the team, with tabs to each other. */
export const Route = createFileRoute('/_fomo')({
  staticData: {
    menu: { tabs: { order: 3, icon: 'dice', label: msg`FOM`, to: '/fomo' } },
    sectionTabs: true,
  },
})
