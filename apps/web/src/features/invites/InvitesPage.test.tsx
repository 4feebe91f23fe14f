import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { showTime } from '../../lib/format.ts'
import { activateLocale, loadCatalogs } from '../../lib/i18n.ts'
import { renderWithIndexer } from '../../data/indexerTestClient.tsx'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { INVITATIONS, inviteLink } from '../../data/teamQueries.ts'
import type { InvitationNode, InvitationsData } from '../../data/teamQueries.ts'
import { InvitationRow } from './InvitesPage.tsx'

const list = (
  <PagedList
    testId="invitations"
    query={INVITATIONS}
    variables={{ account: '0xabc' }}
    select={(data: InvitationsData) => data.invitations}
    row={(node: InvitationNode) => <InvitationRow key={node.account} node={node} />}
  />
)
const page = (nodes: InvitationNode[], hasNextPage = false) => ({
  data: {
    invitations: {
      __typename: 'MemberPage',
      nodes: nodes.map((node) => ({ ...node, __typename: 'Member' })),
      pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: nodes.at(-1)?.index ?? null },
    },
  },
})

describe('invitation list', () => {
  beforeEach(async () => {
    await activateLocale('en')
    await loadCatalogs(['account', 'invites'])
  })

  it('formats an invitee: short address, number, amount, date', async () => {
    renderWithIndexer(list, () =>
      page(
        [
          {
            account: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
            index: '12',
            registeredAt: '1767225600',
            amount: '1500000000000000000000',
          },
        ],
        true,
      ),
    )
    const row = await screen.findByTestId('invitation')
    expect(row.textContent).toContain('0x7099..c79C8')
    expect(row.textContent).toContain('#12')
    expect(row.textContent).toContain('1,500 USDT')
    expect(row.textContent).toContain(showTime(1767225600n))
    expect(await screen.findByRole('button', { name: 'Load more' })).toBeDefined()
  })

  it('has the empty, loading and error states', async () => {
    const empty = renderWithIndexer(list, () => page([]))
    await screen.findByText('No data yet')
    empty.unmount()
    const loading = renderWithIndexer(list, () => 'pending')
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined()
    loading.unmount()
    renderWithIndexer(list, () => 'fail')
    await screen.findByRole('alert')
  })

  it('builds the invite link with the code parameter', () => {
    expect(inviteLink('https://app.example/', '0xAbC')).toBe('https://app.example/?code=0xAbC')
  })
})
