import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

/** The burn section: burning and the orders it makes. */
export const Route = createFileRoute('/_burn')({
  staticData: {
    menu: {
      main: { order: 4, icon: 'flame', to: '/burn' },
      tabs: { order: 2, icon: 'flame', label: msg`Burn`, to: '/burn' },
    },
  },
})
