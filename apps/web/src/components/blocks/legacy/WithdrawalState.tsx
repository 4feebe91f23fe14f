import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import type { LegacyWalletEntry } from '@nexus/sdk'
import { ExplorerLink } from '../../ExplorerLink.tsx'

type Withdrawal = NonNullable<LegacyWalletEntry['withdrawal']>

/**
 * Where a withdrawal stands, in its owner's terms (apps/legacy-api and apps/keeper write these states; the managers'
 * card words them for managers). A refund always follows a cancel of the payout on chain, so that a withdrawal is
 * either paid or returned, never both.
 */
const STATES: Record<string, MessageDescriptor> = {
  pending: msg`Waiting to be paid`,
  approved: msg`Approved: paid next`,
  paying: msg`Being paid`,
  failed: msg`Payment failed: it is being cancelled on chain`,
  cancelled: msg`Payment cancelled on chain: the amount comes back once a manager reviews it`,
  rejecting: msg`Rejected: the amount comes back once the payment is cancelled on chain`,
  paid: msg`Paid out`,
  rejected: msg`Rejected: the amount was returned`,
}

/** The words of a withdrawal's state; an unknown state as the server wrote it. */
export function withdrawalStateText(status: string): MessageDescriptor | string {
  return STATES[status] ?? status
}

/** A withdrawal entry's state line: the state, a manager's reason, and the payout's transaction once paid. */
export function WithdrawalState({ withdrawal }: { withdrawal: Withdrawal }) {
  const { i18n, t } = useLingui()
  const text = withdrawalStateText(withdrawal.status)
  return (
    <span className="app-muted" data-testid="wallet-log-withdrawal" data-status={withdrawal.status}>
      {typeof text === 'string' ? text : i18n._(text)}
      {withdrawal.reason && (
        <>
          {' · '}
          {t`Reason`}: {withdrawal.reason}
        </>
      )}
      {withdrawal.payoutHash && (
        <>
          {' · '}
          <ExplorerLink kind="tx" value={withdrawal.payoutHash} testId="wallet-log-payout">
            {t`Payout transaction`}
          </ExplorerLink>
        </>
      )}
    </span>
  )
}
