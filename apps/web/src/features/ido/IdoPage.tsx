import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Card } from '@nexus/ui'
import { gql } from 'urql'
import type { Address } from 'viem'
import { useSession } from '../../data/session.tsx'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt } from '../account/AccountPage.tsx'
import { PagedList } from '../account/PagedList.tsx'
import type { IndexedPage } from '../account/PagedList.tsx'

/** The account's minting history, newest first (apps/indexer `mints`). */
export const MINTS = gql`
  query Mints($account: String!, $first: Int, $after: String) {
    mints(account: $account, first: $first, after: $after) {
      nodes {
        round
        times
        amount
        amountNEX
        tokens
        nfts
        payment
        timestamp
        transactionHash
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
export type MintNode = {
  round: string
  times: string
  amount: string
  amountNEX: string
  tokens: string
  nfts: string
  payment: number
  timestamp: string
  transactionHash: string
}
export type MintsData = { mints: IndexedPage<MintNode> }

/** Ido's `Minted.payment`: 0 USDT, 1 NEX (at the TWAP), 2 BNB, 3 credited by an authorized minter. */
export const PAYMENTS: Record<number, MessageDescriptor> = {
  0: msg`Paid in USDT`,
  1: msg`Paid in NEX`,
  2: msg`Paid in BNB`,
  3: msg`Credited`,
}

/** Minting history (`/ido`): every mint of the user, paged. */
export function IdoPage() {
  const { account } = useSession()
  return <AccountPage path="/ido">{account ? <Mints account={account} /> : <ConnectPrompt />}</AccountPage>
}

function Mints({ account }: { account: Address }) {
  const { t } = useLingui()
  const variables = useMemo(() => ({ account: account.toLowerCase() }), [account])
  return (
    <Card title={t`My mints`}>
      <PagedList
        testId="mints"
        query={MINTS}
        variables={variables}
        select={(data: MintsData) => data.mints}
        row={(node: MintNode) => <MintRow key={node.transactionHash} node={node} />}
      />
    </Card>
  )
}

/** One mint: round, units, what was paid, NEX credited, keys received, time. */
export function MintRow({ node }: { node: MintNode }) {
  const { t, i18n } = useLingui()
  const payment = PAYMENTS[node.payment]
  const round = (BigInt(node.round) + 1n).toString()
  return (
    <li className="acc-row" data-testid="mint">
      <div className="acc-row__head">
        <span>{t`Round ${round}`}</span>
        <span className="app-badge">{payment ? i18n._(payment) : '—'}</span>
      </div>
      <dl className="acc-row__grid">
        <dt>{t`Units`}</dt>
        <dd data-testid="mint-units">{showCount(BigInt(node.times))}</dd>
        <dt>{t`Paid`}</dt>
        <dd>
          {node.payment === 1 ? `${showAmount(BigInt(node.amountNEX))} NEX` : `${showAmount(BigInt(node.amount))} USDT`}
        </dd>
        <dt>{t`NEX credited`}</dt>
        <dd>{showAmount(BigInt(node.tokens))}</dd>
        <dt>{t`NFT keys`}</dt>
        <dd>{showCount(BigInt(node.nfts))}</dd>
        <dt>{t`Time`}</dt>
        <dd>{showTime(BigInt(node.timestamp))}</dd>
      </dl>
    </li>
  )
}
