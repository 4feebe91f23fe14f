import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { activateLocale, loadCatalogs } from '../../lib/i18n.ts'
import { renderWithIndexer } from '../../data/indexerTestClient.tsx'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { InvitationRow } from './OrdersPage.tsx'
import { BURN_ORDERS, INVITATION_ORDERS } from './queries.ts'
import type { BurnOrdersData, InvitationOrderNode, InvitationOrdersData } from './queries.ts'

const credits = (
  <PagedList
    testId="invitation-orders"
    query={INVITATION_ORDERS}
    variables={{ account: '0xabc' }}
    select={(data: InvitationOrdersData) => data.accountEvents}
    row={(node: InvitationOrderNode) => <InvitationRow key={node.transactionHash} node={node} />}
  />
)
// The burn order rows read the chain; the list's states do not need any row.
const orders = (
  <PagedList
    testId="burn-orders"
    query={BURN_ORDERS}
    variables={{ account: '0xabc' }}
    select={(data: BurnOrdersData) => data.orders}
    row={() => null}
  />
)
const page = (field: string, typename: string, nodes: object[]) => ({
  data: {
    [field]: {
      __typename: typename,
      nodes: nodes.map((node) => ({ ...node, __typename: 'Node' })),
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
    },
  },
})

describe('orders lists', () => {
  beforeEach(async () => {
    await activateLocale('en')
    await loadCatalogs(['account', 'orders'])
  })

  it('formats a reward an invitee’s order credited', async () => {
    renderWithIndexer(credits, () =>
      page('accountEvents', 'AccountEventPage', [
        {
          counterparty: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
          amount: '10000000000000000000',
          orderIndex: '7',
          creditKind: 2,
          timestamp: '1767225600',
          transactionHash: '0x01',
          blockNumber: '5',
        },
      ]),
    )
    const row = await screen.findByTestId('invitation-order')
    expect(row.textContent).toContain('Indirect reward')
    expect(row.textContent).toContain('10 USDT')
    expect(row.textContent).toContain('0x3C44..293BC')
    expect(row.textContent).toContain('#7')
    expect(await screen.findByText('No more')).toBeDefined()
  })

  it('have the empty, loading and error states', async () => {
    for (const list of [credits, orders]) {
      const empty = renderWithIndexer(list, () =>
        list === credits ? page('accountEvents', 'AccountEventPage', []) : page('orders', 'OrderPage', []),
      )
      await screen.findByText('No data yet')
      empty.unmount()
      const loading = renderWithIndexer(list, () => 'pending')
      expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined()
      loading.unmount()
      const failed = renderWithIndexer(list, () => 'fail')
      await screen.findByRole('alert')
      failed.unmount()
    }
  })

  it('shows a credit without an order or a kind as a reward of no order', async () => {
    renderWithIndexer(credits, () =>
      page('accountEvents', 'AccountEventPage', [
        {
          counterparty: null,
          amount: '1000000000000000000',
          orderIndex: null,
          creditKind: null,
          timestamp: '1767225600',
          transactionHash: '0x02',
          blockNumber: '6',
        },
      ]),
    )
    const row = await screen.findByTestId('invitation-order')
    expect(row.textContent).toContain('Reward')
    expect(row.textContent).not.toContain('#')
    expect(row.textContent).toContain('—')
  })
})
