import { fireEvent, screen, waitFor } from '@testing-library/react'
import { gql } from 'urql'
import { beforeEach, describe, expect, it } from 'vitest'
import { activateLocale, loadCatalogs } from '../../../lib/i18n.ts'
import { renderWithIndexer } from '../../../data/indexerTestClient.tsx'
import { PagedList } from './PagedList.tsx'
import type { IndexedPage } from '../../../data/useEveryPage.ts'

const ITEMS = gql`
  query Items($account: String!, $first: Int, $after: String) {
    items(account: $account, first: $first, after: $after) {
      nodes {
        id
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
type Data = { items: IndexedPage<{ id: string }> }

/** An indexer holding `total` items, paged newest first as the real one (cursor = last id). */
function pages(total: number) {
  return (variables: Record<string, unknown>) => {
    const first = Number(variables.first)
    const after = variables.after ? Number(variables.after) : total + 1
    const ids = Array.from({ length: total }, (_, i) => total - i).filter((id) => id < after)
    const nodes = ids.slice(0, first).map((id) => ({ id: String(id), __typename: 'Item' }))
    return {
      data: {
        items: {
          __typename: 'ItemPage',
          nodes,
          pageInfo: {
            __typename: 'PageInfo',
            hasNextPage: ids.length > first,
            endCursor: nodes.at(-1)?.id ?? null,
          },
        },
      },
    }
  }
}

const list = (
  <PagedList
    testId="items"
    query={ITEMS}
    variables={{ account: '0xabc' }}
    pageSize={2}
    select={(data: Data) => data.items}
    row={(node: { id: string }) => <li key={node.id}>item {node.id}</li>}
  />
)

describe('PagedList', () => {
  beforeEach(async () => {
    await activateLocale('en')
    await loadCatalogs(['account'])
  })

  it('loads page after page with the cursor, then says "No more"', async () => {
    const { requests } = renderWithIndexer(list, pages(5))
    await screen.findByText('item 5')
    expect(screen.getByText('item 4')).toBeDefined()
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }))
    await screen.findByText('item 2')
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }))
    await screen.findByText('item 1')
    await screen.findByText('No more')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'item 5',
      'item 4',
      'item 3',
      'item 2',
      'item 1',
    ])
    expect(requests.map((r) => [r.first, r.after])).toEqual([
      [2, null],
      [2, '4'],
      [2, '2'],
    ])
  })

  it('says "No data yet" for an empty list', async () => {
    renderWithIndexer(list, pages(0))
    await screen.findByText('No data yet')
  })

  it('shows the spinner while the indexer answers', () => {
    renderWithIndexer(list, () => 'pending')
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined()
  })

  it('shows the error and loads again on retry', async () => {
    let fail = true
    renderWithIndexer(list, (variables) => (fail ? 'fail' : pages(1)(variables)))
    await screen.findByRole('alert')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await screen.findByText('item 1')
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })
})
