import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Card } from '@nexus/ui'
import type { Address } from 'viem'
import { useSession } from '../../data/session.tsx'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showTime } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt, NotDeployed } from '../../components/blocks/account/AccountPage.tsx'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { BURN_ORDERS, INVITATION_ORDERS } from './queries.ts'
import type { BurnOrderNode, BurnOrdersData, InvitationOrderNode, InvitationOrdersData } from './queries.ts'
import { invitationKey, invitationRowModel } from './ordersModel.ts'
import type { CreditKind } from './ordersModel.ts'
import { useBurnOrderRow, useOrdersModel } from './useOrdersModel.ts'

const CREDIT_KINDS: Record<CreditKind, MessageDescriptor> = {
  direct: msg`Direct reward`,
  indirect: msg`Indirect reward`,
  team: msg`Team reward`,
}

/** Orders (`/orders`): the user's burn orders with their live state, and the rewards its invitees' orders paid. */
export function OrdersPage() {
  const { Burn: burn } = contractsOf(env.chainId)
  const { account } = useSession()
  return (
    <AccountPage>
      {!burn ? <NotDeployed name="Burn" /> : !account ? <ConnectPrompt /> : <Orders burn={burn} account={account} />}
    </AccountPage>
  )
}

function Orders({ burn, account }: { burn: Address; account: Address }) {
  const { t } = useLingui()
  const { tab, setTab, variables, rewardRate } = useOrdersModel(burn, account)
  return (
    <Card>
      <div className="app-segment acc-tabs" role="tablist" aria-label={t`Orders`}>
        {(
          [
            ['burn', t`Burn orders`],
            ['invite', t`Invitation orders`],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? 'app-segment__item is-active' : 'app-segment__item'}
            data-testid={`orders-tab-${key}`}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'burn' ? (
        <PagedList
          testId="burn-orders"
          query={BURN_ORDERS}
          variables={variables}
          select={(data: BurnOrdersData) => data.orders}
          row={(node: BurnOrderNode) => (
            <BurnOrderRow key={node.index} burn={burn} node={node} rewardRate={rewardRate} />
          )}
        />
      ) : (
        <PagedList
          testId="invitation-orders"
          query={INVITATION_ORDERS}
          variables={variables}
          select={(data: InvitationOrdersData) => data.accountEvents}
          row={(node: InvitationOrderNode) => <InvitationRow key={invitationKey(node)} node={node} />}
        />
      )}
    </Card>
  )
}

/** One burn order: its indexed record, with the live state (reward so far, validity) read from the chain. */
export function BurnOrderRow({
  burn,
  node,
  rewardRate,
}: {
  burn: Address
  node: BurnOrderNode
  rewardRate: bigint | undefined
}) {
  const { t } = useLingui()
  const row = useBurnOrderRow(burn, node, rewardRate)
  const { out, timeLeft: span } = row
  return (
    <li className="acc-row" data-testid="burn-order" data-index={node.index} data-out={String(out)}>
      <div className="acc-row__head">
        <span>{t`Order #${node.index}`}</span>
        {out ? (
          <span className="app-badge acc-badge--out" data-testid="order-out">
            {t`Forced out`}
          </span>
        ) : (
          <span className="app-badge">{t`Active`}</span>
        )}
      </div>
      <dl className="acc-row__grid">
        <dt>{t`Amount`}</dt>
        <dd data-testid="order-amount">
          {showAmount(row.amount)} USDT{row.paidInBnb ? ` · ${t`paid in BNB`}` : ''}
        </dd>
        <dt>{t`Tokens`}</dt>
        <dd>{showAmount(row.tokens)} NEX</dd>
        <dt>{t`Dividends so far`}</dt>
        <dd data-testid="order-reward">
          {showAmount(row.reward)} / {showAmount(row.cap)} USDT
        </dd>
        <dt>{t`Start`}</dt>
        <dd>{showTime(row.startTime)}</dd>
        <dt>{t`End`}</dt>
        <dd>{showTime(row.endTime)}</dd>
        <dt>{t`Time left`}</dt>
        <dd>{!span ? '—' : t`${span.days} d ${span.hours} h ${span.minutes} min`}</dd>
      </dl>
      <div
        className="acc-progress"
        role="progressbar"
        aria-label={t`Reward out of the 1.5x cap`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={row.progress}
      >
        <div className="acc-progress__bar" style={{ width: `${row.progress}%` }} />
      </div>
    </li>
  )
}

/** One reward an invitee's order credited: who, which order, which kind, how much, when. */
export function InvitationRow({ node }: { node: InvitationOrderNode }) {
  const { t, i18n } = useLingui()
  const row = invitationRowModel(node)
  const kind = row.kind && CREDIT_KINDS[row.kind]
  return (
    <li className="acc-row" data-testid="invitation-order">
      <div className="acc-row__head">
        <span>{kind ? i18n._(kind) : t`Reward`}</span>
        <span className="app-mono">{showAmount(row.amount)} USDT</span>
      </div>
      <dl className="acc-row__grid">
        <dt>{t`From`}</dt>
        <dd className="app-mono">{row.from ?? '—'}</dd>
        <dt>{t`Order`}</dt>
        <dd>{row.orderIndex !== undefined ? `#${row.orderIndex}` : '—'}</dd>
        <dt>{t`Time`}</dt>
        <dd>{showTime(row.time)}</dd>
      </dl>
    </li>
  )
}
