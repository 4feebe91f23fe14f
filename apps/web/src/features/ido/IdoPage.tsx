import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Card } from '@nexus/ui'
import { gql } from 'urql'
import type { Address } from 'viem'
import { useSession } from '../../data/session.tsx'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt } from '../../components/blocks/account/AccountPage.tsx'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import type { MintsQuery, MintsQueryVariables } from '../../generated/graphql.ts'
import { mintRowModel } from './idoModel.ts'
import type { MintPayment, RoundListState } from './idoModel.ts'
import { useIdoRoundsModel } from './useIdoModel.ts'

/** The account's minting history, newest first (apps/indexer `mints`). */
export const MINTS = gql<MintsQuery, MintsQueryVariables>`
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
export type MintsData = MintsQuery
export type MintNode = MintsData['mints']['nodes'][number]

/** Ido's `Minted.payment`: 0 USDT, 1 NEX (at the TWAP), 2 BNB, 3 credited by an authorized minter. */
export const PAYMENTS: Record<MintPayment, MessageDescriptor> = {
  USDT: msg`Paid in USDT`,
  NEX: msg`Paid in NEX`,
  BNB: msg`Paid in BNB`,
  credited: msg`Credited`,
}

const ROUND_STATES: Record<RoundListState, MessageDescriptor> = {
  ended: msg`Ended`,
  upcoming: msg`Upcoming`,
  soldOut: msg`Sold out`,
  inProgress: msg`In progress`,
}

/** Minting (`/ido`): the rounds (cap, sold, start, state), then every mint of the user, paged. */
export function IdoPage() {
  const { account } = useSession()
  const { Ido: ido } = contractsOf(env.chainId)
  return (
    <AccountPage>
      {ido && <Rounds ido={ido} />}
      {account ? <Mints account={account} /> : <ConnectPrompt />}
    </AccountPage>
  )
}

/** Every minting round: number, units for sale, units sold, start, and whether it ended, runs or is to come. */
function Rounds({ ido }: { ido: Address }) {
  const { t, i18n } = useLingui()
  const { loading, rounds } = useIdoRoundsModel(ido)
  return (
    <Card title={t`Minting rounds`} data-testid="ido-rounds">
      {rounds.length === 0 ? (
        <p className="app-muted">{loading ? t`Loading` : t`No round is configured yet`}</p>
      ) : (
        <table className="acc-table" data-testid="ido-round-table">
          <thead>
            <tr>
              <th>{t`Round`}</th>
              <th>{t`Units for sale`}</th>
              <th>{t`Sold`}</th>
              <th>{t`Price per unit`}</th>
              <th>{t`Starts`}</th>
              <th>{t`State`}</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => (
              <tr key={round.index.toString()} data-testid="ido-round" data-round={round.index.toString()}>
                <td>{round.number.toString()}</td>
                <td>{showCount(round.forSale)}</td>
                <td data-testid="ido-round-sold">{showCount(round.sold)}</td>
                <td>{showAmount(round.price)} USDT</td>
                <td>{round.start !== undefined ? showTime(round.start) : '—'}</td>
                <td data-testid="ido-round-state">{round.state ? i18n._(ROUND_STATES[round.state]) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  )
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
  const row = mintRowModel(node)
  const payment = row.payment && PAYMENTS[row.payment]
  const round = row.round
  return (
    <li className="acc-row" data-testid="mint">
      <div className="acc-row__head">
        <span>{t`Round ${round}`}</span>
        <span className="app-badge">{payment ? i18n._(payment) : '—'}</span>
      </div>
      <dl className="acc-row__grid">
        <dt>{t`Units`}</dt>
        <dd data-testid="mint-units">{showCount(row.units)}</dd>
        <dt>{t`Paid`}</dt>
        <dd>{`${showAmount(row.paid.amount)} ${row.paid.token}`}</dd>
        <dt>{t`NEX credited`}</dt>
        <dd>{showAmount(row.tokens)}</dd>
        <dt>{t`NFT keys`}</dt>
        <dd>{showCount(row.nfts)}</dd>
        <dt>{t`Time`}</dt>
        <dd>{showTime(row.time)}</dd>
      </dl>
    </li>
  )
}
