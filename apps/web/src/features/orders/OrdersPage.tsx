import { useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { burnAbi } from '@nexus/abi'
import { Card } from '@nexus/ui'
import type { Address } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useSession } from '../../data/session.tsx'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showTime } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt, NotDeployed } from '../../components/blocks/account/AccountPage.tsx'
import { orderCap, percentOf, shortAccount, splitSpan } from '../../components/blocks/account/figures.ts'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { BURN_ORDERS, INVITATION_ORDERS } from './queries.ts'
import { orderEarned } from '../../components/blocks/account/dividends.ts'
import type { BurnOrderNode, BurnOrdersData, InvitationOrderNode, InvitationOrdersData } from './queries.ts'

/** The kinds of Burn's RewardCredited event: 1 direct, 2 indirect, 3 team. */
const CREDIT_KINDS: Record<number, MessageDescriptor> = {
  1: msg`Direct reward`,
  2: msg`Indirect reward`,
  3: msg`Team reward`,
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
  const [tab, setTab] = useState<'burn' | 'invite'>('burn')
  const config = ok(
    useNamedChainReads(
      useMemo(() => ({ config: { address: burn, abi: burnAbi, functionName: 'getConfig' } }) as const, [burn]),
    )?.config,
  )
  const variables = useMemo(() => ({ account: account.toLowerCase() }), [account])
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
            <BurnOrderRow key={node.index} burn={burn} node={node} rewardRate={config?.rewardRate} />
          )}
        />
      ) : (
        <PagedList
          testId="invitation-orders"
          query={INVITATION_ORDERS}
          variables={variables}
          select={(data: InvitationOrdersData) => data.accountEvents}
          row={(node: InvitationOrderNode) => (
            <InvitationRow
              key={`${node.transactionHash}:${node.orderIndex ?? ''}:${node.creditKind ?? ''}`}
              node={node}
            />
          )}
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
  const now = useChainNow()
  const index = BigInt(node.index)
  const live = useNamedChainReads(
    useMemo(
      () =>
        ({
          order: { address: burn, abi: burnAbi, functionName: 'orders', args: [index] },
          pending: { address: burn, abi: burnAbi, functionName: 'pendingReward', args: [index] },
        }) as const,
      [burn, index],
    ),
  )
  const order = ok(live?.order)
  const pending = ok(live?.pending)
  const amount = BigInt(node.amount)
  const cap = rewardRate !== undefined ? orderCap(amount, rewardRate) : undefined
  const reward = order
    ? orderEarned({ reward: order.reward, isValid: order.isValid, pending: pending ?? 0n })
    : undefined
  const out = order ? !order.isValid : node.status === 'out'
  const endTime = order?.endTime ?? (node.endTime ? BigInt(node.endTime) : undefined)
  const left = endTime !== undefined && now !== undefined ? Number(endTime) - now : undefined
  const span = left !== undefined ? splitSpan(left) : undefined
  const progress = reward !== undefined && cap !== undefined ? percentOf(reward, cap) : 0
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
          {showAmount(amount)} USDT{node.paymentToken === 'BNB' ? ` · ${t`paid in BNB`}` : ''}
        </dd>
        <dt>{t`Tokens`}</dt>
        <dd>{showAmount(BigInt(node.tokens))} NEX</dd>
        <dt>{t`Dividends so far`}</dt>
        <dd data-testid="order-reward">
          {showAmount(reward)} / {showAmount(cap)} USDT
        </dd>
        <dt>{t`Start`}</dt>
        <dd>{showTime(BigInt(node.startTime))}</dd>
        <dt>{t`End`}</dt>
        <dd>{showTime(endTime)}</dd>
        <dt>{t`Time left`}</dt>
        <dd>{out || !span ? '—' : t`${span.days} d ${span.hours} h ${span.minutes} min`}</dd>
      </dl>
      <div
        className="acc-progress"
        role="progressbar"
        aria-label={t`Reward out of the 1.5x cap`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className="acc-progress__bar" style={{ width: `${progress}%` }} />
      </div>
    </li>
  )
}

/** One reward an invitee's order credited: who, which order, which kind, how much, when. */
export function InvitationRow({ node }: { node: InvitationOrderNode }) {
  const { t, i18n } = useLingui()
  const kind = node.creditKind !== null ? CREDIT_KINDS[node.creditKind] : undefined
  return (
    <li className="acc-row" data-testid="invitation-order">
      <div className="acc-row__head">
        <span>{kind ? i18n._(kind) : t`Reward`}</span>
        <span className="app-mono">{showAmount(BigInt(node.amount))} USDT</span>
      </div>
      <dl className="acc-row__grid">
        <dt>{t`From`}</dt>
        <dd className="app-mono">{node.counterparty ? shortAccount(node.counterparty) : '—'}</dd>
        <dt>{t`Order`}</dt>
        <dd>{node.orderIndex !== null ? `#${node.orderIndex}` : '—'}</dd>
        <dt>{t`Time`}</dt>
        <dd>{showTime(BigInt(node.timestamp))}</dd>
      </dl>
    </li>
  )
}
