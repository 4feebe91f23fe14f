import { useState } from 'react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { shortenAddress } from '@nexus/sdk'
import type { LegacyWithdrawal, LegacyWithdrawalList, LegacyWithdrawalPolicy } from '@nexus/sdk'
import { Button, Card, useToast } from '@nexus/ui'
import { Segmented } from '../../components/forms/Segmented.tsx'
import { useLegacyQuery, useLogin } from '../../data/login.ts'
import { queryClient } from '../../lib/queryClient.ts'
import { ExplorerLink } from '../../components/ExplorerLink.tsx'
import { env } from '../../lib/env.ts'
import { toAppLocale } from '../../lib/i18n.ts'
import { legacyCall } from '../../lib/legacyApi.ts'
import { legacyErrorText } from '../../components/blocks/legacy/legacyErrors.ts'
import { LegacyError, SignInPanel } from '../../components/blocks/legacy/SignInPanel.tsx'

/** The lists of the legacy API's withdrawQueue (`status`). */
const LISTS = ['open', 'paid', 'rejected'] as const satisfies readonly LegacyWithdrawalList[]
type List = LegacyWithdrawalList

/** One withdrawal of withdrawQueue's answer (apps/legacy-api, withdrawManage.ts; its type in @nexus/sdk). */
export type Withdrawal = LegacyWithdrawal
/** The keeper's payout policy (WITHDRAW_APPROVAL_THRESHOLD, WITHDRAW_DAILY_CAP) and today's payouts per type. */
export type WithdrawalPolicy = LegacyWithdrawalPolicy

const LIST_LABELS: Record<List, MessageDescriptor> = {
  open: msg`To decide or being paid`,
  paid: msg`Paid out`,
  rejected: msg`Rejected`,
}

/** How each status of a withdrawal reads (apps/legacy-api and apps/keeper write these). */
const STATUS_LABELS: Record<string, MessageDescriptor> = {
  pending: msg`Waiting for approval or payment`,
  approved: msg`Approved, the keeper pays it next`,
  paying: msg`Being paid`,
  failed: msg`Payment failed: the keeper cancels it on chain, then it can be rejected`,
  cancelled: msg`Payment cancelled on chain: reject it to return the amount`,
  rejecting: msg`Rejected: the keeper cancels it on chain, then the amount is returned`,
  paid: msg`Paid out`,
  rejected: msg`Rejected`,
}

/**
 * The statuses a manager may approve (withdrawApprove: only one nobody decided yet) and reject (withdrawReject: one
 * the keeper has not claimed, or whose payout is cancelled on chain; a failed payout is refused until its cancel is
 * final, so that a refund can never meet a payment). A rejected one waiting for its cancel on chain (`rejecting`)
 * takes no action: the amount is returned once the keeper cancelled its id at a final block.
 */
const APPROVABLE: ReadonlySet<string> = new Set(['pending'])
const REJECTABLE: ReadonlySet<string> = new Set(['pending', 'approved', 'cancelled'])

/** What a manager may do with a withdrawal in `status` (the card offers only these buttons). */
export function withdrawalDecisions(status: string): { approve: boolean; reject: boolean } {
  return { approve: APPROVABLE.has(status), reject: REJECTABLE.has(status) }
}
/** withdrawReject's longest reason. */
const REASON_MAX = 200

/**
 * Legacy withdrawals for managers (issue 21): the withdrawals the keeper has not paid yet (those above its
 * threshold wait here for a manager), approve or reject each (with a reason the user sees in the wallet log), and
 * the paid ones with the payout transaction the keeper recorded. The server checks Main.isManager of the wallet
 * signed in (Sign-In with Ethereum, the same login as the user screens).
 */
export function WithdrawalsCard() {
  const { t } = useLingui()
  return (
    <Card title={t`Withdrawals requested on the server`} data-testid="withdrawals">
      <SignInPanel>
        <Withdrawals />
      </SignInPanel>
    </Card>
  )
}

function Withdrawals() {
  const { t, i18n } = useLingui()
  const [list, setList] = useState<List>('open')
  const [page, setPage] = useState(1)
  const queue = useLegacyQuery('withdrawQueue', { status: list, page })
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / queue.data.pageSize)) : 1
  return (
    <>
      <Segmented
        label={t`Withdrawals`}
        options={LISTS}
        value={list}
        onChange={(next) => {
          setList(next)
          setPage(1)
        }}
        render={(option) => i18n._(LIST_LABELS[option])}
        testIdPrefix="withdrawals-"
      />
      {queue.data && <PolicyNote policy={queue.data.policy} />}
      {queue.error ? (
        <LegacyError error={queue.error} />
      ) : !queue.data ? (
        <p className="app-muted">{t`Loading`}</p>
      ) : queue.data.list.length === 0 ? (
        <p className="app-muted" data-testid="withdrawals-empty">
          {t`No data yet`}
        </p>
      ) : (
        <ul className="app-list" data-testid="withdrawals-list">
          {queue.data.list.map((withdrawal) => (
            <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="admin-toolbar">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t`Previous page`}
          </Button>
          <span className="app-muted">{t`Page ${page} of ${pages}`}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t`Next page`}
          </Button>
        </div>
      )}
    </>
  )
}

/** The keeper's approval threshold and daily cap, and what today's payouts already count against the cap. */
function PolicyNote({ policy }: { policy: WithdrawalPolicy }) {
  const { t } = useLingui()
  const { approvalThreshold, dailyCap } = policy
  const paidToday = Object.entries(policy.paidToday)
    .map(([type, amount]) => `${amount} ${type}`)
    .join(', ')
  return (
    <div className="app-muted" data-testid="withdrawals-policy">
      <p data-testid="withdrawals-threshold">{t`Withdrawals above ${approvalThreshold} wait for a manager's approval.`}</p>
      <p data-testid="withdrawals-cap">
        {t`At most ${dailyCap} of each type is paid per UTC day; paid or being paid today: ${paidToday}.`}
      </p>
    </div>
  )
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useLingui()
  const { token } = useLogin()
  const toast = useToast()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const locale = toAppLocale(i18n.locale) ?? 'zh-Hant'
  const status = STATUS_LABELS[withdrawal.status]
  const payout = withdrawal.payoutHash

  async function decide(route: 'withdrawApprove' | 'withdrawReject') {
    if (busy) return
    setError(undefined)
    const text = reason.trim()
    if (route === 'withdrawReject' && text === '') {
      setError(t`Enter the reason the user will see`)
      return
    }
    if (text.length > REASON_MAX) {
      setError(t`At most ${REASON_MAX} characters`)
      return
    }
    setBusy(true)
    try {
      await legacyCall(
        route,
        route === 'withdrawReject' ? { id: withdrawal.id, reason: text } : { id: withdrawal.id },
        { baseUrl: env.legacyApiUrl, token, locale },
      )
      toast.success(route === 'withdrawApprove' ? t`Withdrawal approved` : t`Withdrawal rejected`)
      await queryClient.invalidateQueries({ queryKey: ['legacy', 'withdrawQueue'] })
    } catch (failure) {
      setError(await legacyErrorText(failure, i18n))
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className="app-list__item" data-testid="withdrawal" data-id={withdrawal.id} data-status={withdrawal.status}>
      <p>
        <strong>
          #{withdrawal.id} {withdrawal.amount} {withdrawal.credit_type}
        </strong>{' '}
        <span className="app-mono" title={withdrawal.address}>
          {shortenAddress(withdrawal.address)}
        </span>{' '}
        <span className="app-muted">{new Date(withdrawal.createdAt).toLocaleString(locale, { hour12: false })}</span>
      </p>
      <p data-testid="withdrawal-status">{status ? i18n._(status) : withdrawal.status}</p>
      {withdrawal.needsApproval && (
        <p className="app-hint" data-testid="withdrawal-needs-approval">
          {t`Above the approval threshold: the keeper pays it only once a manager approves it`}
        </p>
      )}
      {withdrawal.reason && (
        <p className="app-muted" data-testid="withdrawal-reason-shown">{t`Reason: ${withdrawal.reason}`}</p>
      )}
      {payout && (
        <p className="app-mono" data-testid="withdrawal-payout">
          {t`Payout transaction`}: <ExplorerLink kind="tx" value={payout} />
        </p>
      )}
      {withdrawalDecisions(withdrawal.status).reject && (
        <div className="admin-toolbar">
          {withdrawalDecisions(withdrawal.status).approve && (
            <Button disabled={busy} data-testid="withdrawal-approve" onClick={() => void decide('withdrawApprove')}>
              {t`Approve`}
            </Button>
          )}
          <input
            className="app-input"
            data-testid="withdrawal-reason"
            placeholder={t`Reason for a rejection`}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={busy}
            data-testid="withdrawal-reject"
            onClick={() => void decide('withdrawReject')}
          >
            {t`Reject`}
          </Button>
        </div>
      )}
      {error && (
        <p className="app-error" role="alert" data-testid="withdrawal-error">
          {error}
        </p>
      )}
    </li>
  )
}
