import { createFileRoute } from '@tanstack/react-router'

/** The account section: assets, staking and the community pages (the mine tab). */
export const Route = createFileRoute('/_mine')({
  staticData: { menu: { tabs: { order: 4, icon: 'user', to: '/mine' } } },
})
