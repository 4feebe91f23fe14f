import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { showTime } from '../../lib/format.ts'
import { activateLocale, loadCatalogs } from '../../lib/i18n.ts'
import { renderWithIndexer } from '../../data/indexerTestClient.tsx'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { MINTS, MintRow } from './IdoPage.tsx'
import type { MintNode, MintsData } from './IdoPage.tsx'

const mint: MintNode = {
  round: '1',
  times: '3',
  amount: '300000000000000000000',
  amountNEX: '0',
  tokens: '3000500000000000000000',
  nfts: '3',
  payment: 0,
  timestamp: '1767225600',
  transactionHash: '0x01',
}

const mints = (
  <PagedList
    testId="mints"
    query={MINTS}
    variables={{ account: '0xabc' }}
    select={(data: MintsData) => data.mints}
    row={(node: MintNode) => <MintRow key={node.transactionHash} node={node} />}
  />
)
const page = (nodes: MintNode[]) => ({
  data: {
    mints: {
      __typename: 'MintPage',
      nodes: nodes.map((node) => ({ ...node, __typename: 'Mint' })),
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
    },
  },
})

describe('minting history list', () => {
  beforeEach(async () => {
    await activateLocale('en')
    await loadCatalogs(['account', 'ido'])
  })

  it('formats a mint: round from 1, units, amounts with separators, payment, time in the Chinese locale', async () => {
    renderWithIndexer(mints, () =>
      page([mint, { ...mint, payment: 1, amountNEX: '1234567800000000000000', transactionHash: '0x02' }]),
    )
    const rows = await screen.findAllByTestId('mint')
    expect(rows[0]?.textContent).toContain('Round 2')
    expect(rows[0]?.textContent).toContain('Paid in USDT')
    expect(rows[0]?.textContent).toContain('300 USDT')
    expect(rows[0]?.textContent).toContain('3,000.5')
    expect(rows[0]?.textContent).toContain(showTime(1767225600n))
    expect(rows[1]?.textContent).toContain('Paid in NEX')
    expect(rows[1]?.textContent).toContain('1,234.5678 NEX')
    expect(await screen.findByText('No more')).toBeDefined()
  })

  it('has the empty, loading and error states', async () => {
    const empty = renderWithIndexer(mints, () => page([]))
    await screen.findByText('No data yet')
    empty.unmount()
    const loading = renderWithIndexer(mints, () => 'pending')
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined()
    loading.unmount()
    renderWithIndexer(mints, () => 'fail')
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded')
  })

  it('speaks Traditional Chinese', async () => {
    await activateLocale('zh-Hant')
    renderWithIndexer(mints, () => page([mint]))
    const row = await screen.findByTestId('mint')
    expect(row.textContent).toContain('第 2 輪')
    expect(row.textContent).toContain('以 USDT 支付')
    expect(await screen.findByText('沒有更多了')).toBeDefined()
  })
})
