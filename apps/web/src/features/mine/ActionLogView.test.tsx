import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { activateLocale, loadCatalogs } from '../../lib/i18n.ts'
import { renderWithIndexer } from '../../data/indexerTestClient.tsx'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { LogRow } from './ActionLogView.tsx'
import { ACTION_LOG } from './queries.ts'
import type { ActionLogData, ActionLogNode } from './queries.ts'

const entry: ActionLogNode = {
  index: '41',
  from: '0x0000000000000000000000000000000000000001',
  symbol: 'USDT',
  action: 'claim',
  isReduce: false,
  isReward: true,
  amount: '12345600000000000000',
  balance: '0',
  startTime: '1767225600',
}
const log = (
  <PagedList
    testId="log-entries"
    query={ACTION_LOG}
    variables={{ account: '0xabc', symbol: null, action: null }}
    select={(data: ActionLogData) => data.actionLog}
    row={(node: ActionLogNode) => <LogRow key={node.index} node={node} />}
  />
)
const page = (nodes: ActionLogNode[]) => ({
  data: {
    actionLog: {
      __typename: 'ActionLogPage',
      nodes: nodes.map((node) => ({ ...node, __typename: 'ActionLogEntry' })),
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
    },
  },
})

describe('action log list', () => {
  beforeEach(async () => {
    await activateLocale('en')
    await loadCatalogs(['account', 'mine'])
  })

  it('formats entries: action name, signed amount with symbol, balance after, time', async () => {
    renderWithIndexer(log, () =>
      page([
        entry,
        {
          ...entry,
          index: '40',
          action: 'mining_release',
          symbol: 'NEX',
          balance: '5000000000000000000000',
        },
        { ...entry, index: '39', action: 'something_new', isReduce: true },
        // Written without the reduce flag, but the account paid it.
        { ...entry, index: '38', action: 'stake_deposit' },
        // Ido's claim of vested minting NEX, not a dividend.
        { ...entry, index: '37', action: 'claim', symbol: 'NEX' },
      ]),
    )
    const rows = await screen.findAllByTestId('log-entry')
    expect(rows[0]?.textContent).toContain('Dividend claim')
    expect(rows[0]?.textContent).toContain('+12.3456 USDT')
    expect(rows[1]?.textContent).toContain('Mining release')
    expect(rows[1]?.textContent).toContain('+12.3456 NEX')
    expect(rows[1]?.textContent).toContain('5,000')
    expect(rows[2]?.textContent).toContain('something_new')
    expect(rows[2]?.textContent).toContain('-12.3456 USDT')
    expect(rows[3]?.textContent).toContain('Staking deposit')
    expect(rows[3]?.textContent).toContain('-12.3456 USDT')
    expect(rows[4]?.textContent).toContain('Minting claim (vested NEX)')
  })

  it('says what each figure is, with its unit: no bare balance, no dash for a claim, no +0 for a registration', async () => {
    renderWithIndexer(log, () =>
      page([
        // a dividend claim: the contract writes no running total, so there is no such line (not a dash)
        entry,
        { ...entry, index: '40', action: 'mining_release', symbol: 'NEX', balance: '5000000000000000000000' },
        { ...entry, index: '39', action: 'register', symbol: 'NEX', amount: '0', balance: '0' },
        { ...entry, index: '38', action: 'ido_mint', symbol: 'USDT', balance: '1500000000000000000000' },
      ]),
    )
    const rows = await screen.findAllByTestId('log-entry')
    expect(rows[0]?.querySelector('[data-testid="log-balance"]')).toBeNull()
    expect(rows[0]?.textContent).not.toContain('—')
    expect(rows[0]?.textContent).not.toContain('Balance after')
    expect(rows[1]?.textContent).toContain('Your NEX staked in mining, after this')
    expect(rows[1]?.querySelector('[data-testid="log-balance"]')?.textContent).toBe('5,000 NEX')
    expect(rows[2]?.querySelector('[data-testid="log-amount"]')?.textContent).toBe('No amount')
    expect(rows[2]?.textContent).not.toContain('+0')
    // a purchase paid in USDT: its figure is the minted NEX still to claim
    expect(rows[3]?.querySelector('[data-testid="log-amount"]')?.textContent).toBe('-12.3456 USDT')
    expect(rows[3]?.textContent).toContain('Minted NEX still to claim, after this')
    expect(rows[3]?.querySelector('[data-testid="log-balance"]')?.textContent).toBe('1,500 NEX')
  })

  it('has the empty, loading and error states', async () => {
    const empty = renderWithIndexer(log, () => page([]))
    await screen.findByText('No data yet')
    empty.unmount()
    const loading = renderWithIndexer(log, () => 'pending')
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined()
    loading.unmount()
    renderWithIndexer(log, () => 'fail')
    await screen.findByRole('alert')
  })

  it('passes the filters to the indexer', async () => {
    const filtered = (
      <PagedList
        query={ACTION_LOG}
        variables={{ account: '0xabc', symbol: 'NEX', action: 'claim' }}
        select={(data: ActionLogData) => data.actionLog}
        row={(node: ActionLogNode) => <LogRow key={node.index} node={node} />}
      />
    )
    const { requests } = renderWithIndexer(filtered, () => page([]))
    await screen.findByText('No data yet')
    expect(requests[0]).toMatchObject({ account: '0xabc', symbol: 'NEX', action: 'claim', first: 20, after: null })
  })
})
