import { useMemo } from 'react'
import { idoAbi } from '@nexus/abi'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Card } from '@nexus/ui'
import { gql } from 'urql'
import type { Address } from 'viem'
import { ok, useChainNow, useChainReads, useNamedChainReads } from '../../data/ChainData.tsx'
import { useSession } from '../../data/session.tsx'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt } from '../../components/blocks/account/AccountPage.tsx'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import type { MintsQuery, MintsQueryVariables } from '../../generated/graphql.ts'

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
export const PAYMENTS: Record<number, MessageDescriptor> = {
  0: msg`Paid in USDT`,
  1: msg`Paid in NEX`,
  2: msg`Paid in BNB`,
  3: msg`Credited`,
}

/** Rounds configured after the current one that the list reads (Ido sets the next ones ahead). */
const ROUNDS_AHEAD = 3n

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
  const { t } = useLingui()
  const now = useChainNow()
  const head = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address: ido, abi: idoAbi, functionName: 'getConfig' },
          state: { address: ido, abi: idoAbi, functionName: 'getRoundState' },
        }) as const,
      [ido],
    ),
  )
  const current = ok(head?.config)?.round
  const state = ok(head?.state)
  const rounds = useChainReads(
    useMemo(() => {
      if (current === undefined) return undefined
      const reads = []
      for (let index = 0n; index <= current + ROUNDS_AHEAD; index++)
        reads.push({ address: ido, abi: idoAbi, functionName: 'idos', args: [index] } as const)
      return reads
    }, [ido, current]),
  )
  const list = (rounds ?? [])
    .map((read) => ok(read))
    .filter((round): round is NonNullable<typeof round> => round !== undefined && round.idoMax > 0n)
  const stateOf = (index: bigint, soldOut: boolean, start: bigint): string => {
    if (current === undefined || !state) return '—'
    if (index < current) return t`Ended`
    if (index > current) return t`Upcoming`
    if (soldOut) return t`Sold out`
    if (state.status === 2) return t`In progress`
    if (state.status === 3 || state.status === 4) return t`Ended`
    return now !== undefined && BigInt(now) < start ? t`Upcoming` : t`In progress`
  }
  return (
    <Card title={t`Minting rounds`} data-testid="ido-rounds">
      {list.length === 0 ? (
        <p className="app-muted">{rounds === undefined ? t`Loading` : t`No round is configured yet`}</p>
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
            {list.map((round) => (
              <tr key={round.index.toString()} data-testid="ido-round" data-round={round.index.toString()}>
                <td>{(round.index + 1n).toString()}</td>
                <td>{showCount(round.idoMax)}</td>
                <td data-testid="ido-round-sold">{showCount(round.idoTotal)}</td>
                <td>{showAmount(round.idoAmount)} USDT</td>
                <td>{round.startTime > 0n ? showTime(round.startTime) : '—'}</td>
                <td data-testid="ido-round-state">
                  {stateOf(round.index, round.idoTotal >= round.idoMax, round.startTime)}
                </td>
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
