import { createFileRoute } from '@tanstack/react-router'

/** The community pages: the team and the invitations (the side menu's community entry). */
export const Route = createFileRoute('/_mine/_team')({
  staticData: { menu: { main: { order: 5, icon: 'users', to: '/team' } } },
})
