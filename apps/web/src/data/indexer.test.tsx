import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Suspense, useContext, useState } from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Client, Context, gql } from 'urql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useIndexedQuery } from './indexer.ts'
import { IndexerScope } from './indexerScope.ts'
import { fetchIndexerStatus, IndexerSyncProvider, useIndexerCatchUp, useIndexerStatus } from './indexerSync.ts'

/** A local GraphQL endpoint with an indexer's status and one list; `indexed` is the block it has reached. */
const indexer = {
  indexed: 3,
  items: ['a'],
  requests: [] as string[],
  /** The `extensions` parameter of each list request. */
  extensions: [] as (string | null)[],
  failing: false,
}
const server = createServer((request, response) => {
  const params = new URL(request.url ?? '/', 'http://localhost').searchParams
  const query = params.get('query') ?? ''
  const name = /indexerStatus/.test(query) ? 'status' : /items/.test(query) ? 'items' : 'other'
  indexer.requests.push(name)
  if (name === 'items') indexer.extensions.push(params.get('extensions'))
  response.setHeader('content-type', 'application/json')
  if (indexer.failing) {
    response.statusCode = 500
    response.end(JSON.stringify({ errors: [{ message: 'the database is down' }] }))
    return
  }
  const data =
    name === 'status'
      ? { indexerStatus: { chainHead: '9', indexedBlock: String(indexer.indexed), lag: '0' } }
      : { items: indexer.items.map((id) => ({ __typename: 'Item', id })) }
  response.end(JSON.stringify({ data }))
})
let url = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const ITEMS = gql`
  query Items {
    items {
      id
    }
  }
`

/** Whether urql's Provider with a client is above (the pages are in the scope). */
function ProviderProbe() {
  return <span data-testid="provider">{String(useContext(Context) instanceof Client)}</span>
}

function HomeLike() {
  const status = useIndexerStatus()
  const catchUp = useIndexerCatchUp()
  return (
    <>
      <span data-testid="indexed">{status?.indexedBlock ?? '—'}</span>
      <button type="button" onClick={() => catchUp(5n)}>
        catch up
      </button>
      <ProviderProbe />
    </>
  )
}

function ListPage() {
  const [result] = useIndexedQuery<{ items: { id: string }[] }>({ query: ITEMS })
  const catchUp = useIndexerCatchUp()
  return (
    <>
      <span data-testid="items">{result.data?.items.map((item) => item.id).join(',') ?? 'loading'}</span>
      <button type="button" onClick={() => catchUp(5n)}>
        catch up
      </button>
      <ProviderProbe />
    </>
  )
}

/** A shell whose state lives outside the pages, like AppShell around its outlet. */
function Shell() {
  const [page, setPage] = useState<'home' | 'list'>('home')
  const [typed, setTyped] = useState('')
  return (
    <IndexerSyncProvider url={url}>
      <input aria-label="shell field" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <button type="button" onClick={() => setPage('list')}>
        to list
      </button>
      <button type="button" onClick={() => setPage('home')}>
        to home
      </button>
      <IndexerScope>
        <Suspense fallback={<span data-testid="pending" />}>{page === 'home' ? <HomeLike /> : <ListPage />}</Suspense>
      </IndexerScope>
    </IndexerSyncProvider>
  )
}

describe('indexer data', () => {
  it('reads the indexer status with a plain GraphQL GET, and reports the endpoint’s error', async () => {
    indexer.indexed = 3
    await expect(fetchIndexerStatus(url)).resolves.toEqual({ chainHead: '9', indexedBlock: '3', lag: '0' })
    indexer.failing = true
    try {
      await expect(fetchIndexerStatus(url)).rejects.toThrow('the database is down')
    } finally {
      indexer.failing = false
    }
  })

  it('loads no GraphQL client for pages without lists, and moves the pages into urql’s Provider with the first list', async () => {
    indexer.indexed = 3
    indexer.items = ['a']
    indexer.requests = []
    render(<Shell />)
    // The home-like page: status through fetch, no urql Provider.
    await waitFor(() => expect(screen.getByTestId('indexed').textContent).toBe('3'))
    expect(screen.getByTestId('provider').textContent).toBe('false')
    fireEvent.change(screen.getByLabelText('shell field'), { target: { value: 'kept' } })

    // After a transaction in block 5 the indexer is polled until it reached it; then the status is fetched again.
    const polls = indexer.requests.length
    fireEvent.click(screen.getByText('catch up'))
    await waitFor(() => expect(indexer.requests.length).toBeGreaterThan(polls))
    expect(screen.getByTestId('indexed').textContent).toBe('3')
    indexer.indexed = 5
    await waitFor(() => expect(screen.getByTestId('indexed').textContent).toBe('5'), { timeout: 4_000 })

    // The first list: the page waits while the pages move into urql's Provider, then shows the indexed rows.
    await act(async () => fireEvent.click(screen.getByText('to list')))
    await waitFor(() => expect(screen.getByTestId('items').textContent).toBe('a'))
    // The list asks for the block of the transaction the indexer caught up with (a replica waits for it).
    expect(indexer.extensions.map((e) => e && JSON.parse(e))).toEqual([{ minBlock: '5' }])
    expect(screen.getByTestId('provider').textContent).toBe('true')
    // The shell around the pages kept its state.
    expect((screen.getByLabelText('shell field') as HTMLInputElement).value).toBe('kept')

    // After a transaction the list is fetched again once the indexer reports its block.
    indexer.items = ['a', 'b']
    const before = indexer.requests.filter((name) => name === 'status').length
    indexer.indexed = 6
    await act(async () => fireEvent.click(screen.getByText('catch up')))
    await waitFor(() => expect(screen.getByTestId('items').textContent).toBe('a,b'), { timeout: 4_000 })
    expect(indexer.extensions.at(-1)).toBe('{"minBlock":"5"}')
    expect(indexer.requests.filter((name) => name === 'status').length).toBeGreaterThan(before)

    // Back on a page without lists: it renders inside the Provider now, with no new wait.
    fireEvent.click(screen.getByText('to home'))
    expect(screen.getByTestId('provider').textContent).toBe('true')
  })
})
