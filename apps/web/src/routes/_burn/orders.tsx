import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { OrdersPage } from '../../features/orders/OrdersPage.tsx'

export const Route = createFileRoute('/_burn/orders')({
  staticData: {
    page: {
      title: msg`Orders`,
      description: msg`Your burn orders and invitation orders.`,
      related: ['/burn', '/invites'],
      catalogs: ['account', 'orders'],
    },
  },
  component: OrdersPage,
})
