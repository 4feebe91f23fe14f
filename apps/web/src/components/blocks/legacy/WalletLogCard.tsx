import { useState } from 'react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import type { LegacyCreditType } from '@nexus/sdk'
import { Button, Card } from '@nexus/ui'
import { Segmented } from '../../forms/Segmented.tsx'
import { useLegacyQuery } from '../../../data/login.ts'
import { LegacyError, SignInPanel } from './SignInPanel.tsx'
import { OpenServerAccount } from './OpenServerAccount.tsx'
import { WithdrawalState } from './WithdrawalState.tsx'

/** The wallets the server keeps per account (apps/legacy-api `creditTypes`). */
const CREDIT_TYPES = ['USDT', 'ARB'] as const satisfies readonly LegacyCreditType[]
type CreditType = LegacyCreditType

/** How each kind of wallet entry reads (apps/legacy-api writes these kinds). */
const KINDS: Record<string, MessageDescriptor> = {
  machine: msg`Machine purchase`,
  mining: msg`Mining output`,
  node: msg`Node purchase`,
  referral: msg`Referral reward`,
  withdraw: msg`Withdrawal`,
  withdraw_refund: msg`Withdrawal refunded`,
}

/** The server's wallet log (SPEC.md §3 "wallet log (credit_type, page)"), behind the wallet sign-in. */
export function WalletLogCard() {
  const { t } = useLingui()
  return (
    <Card title={t`Wallet log on the server`} data-testid="wallet-log">
      <SignInPanel>
        <WalletLog />
      </SignInPanel>
    </Card>
  )
}

function WalletLog() {
  const { t } = useLingui()
  const [creditType, setCreditType] = useState<CreditType>('USDT')
  const [pages, setPages] = useState(1)
  const first = useLegacyQuery('walletList', { credit_type: creditType, page: 1 })
  const total = first.data?.total
  const pageSize = first.data?.pageSize ?? 20
  return (
    <>
      <Segmented
        label={t`Wallet`}
        options={CREDIT_TYPES}
        value={creditType}
        onChange={(next) => {
          setCreditType(next)
          setPages(1)
        }}
        testIdPrefix="wallet-log-"
      />
      <p data-testid="wallet-log-balance">
        {t`Balance`}: {first.data ? `${first.data.balance} ${creditType}` : '—'}
      </p>
      {first.error ? (
        <>
          <LegacyError error={first.error} />
          <OpenServerAccount refused={first.error} />
        </>
      ) : (
        <ul className="app-list" data-testid="wallet-log-list">
          {Array.from({ length: pages }, (_, index) => (
            <WalletLogPage key={index} creditType={creditType} page={index + 1} />
          ))}
        </ul>
      )}
      {total !== undefined &&
        (total > pages * pageSize ? (
          <Button variant="secondary" data-testid="wallet-log-more" onClick={() => setPages(pages + 1)}>
            {t`More`}
          </Button>
        ) : (
          <p className="app-muted" data-testid="wallet-log-end">
            {total === 0 ? t`No entries yet.` : t`No more`}
          </p>
        ))}
    </>
  )
}

function WalletLogPage({ creditType, page }: { creditType: CreditType; page: number }) {
  const { i18n } = useLingui()
  const { data } = useLegacyQuery('walletList', { credit_type: creditType, page })
  return (
    <>
      {data?.list.map((entry) => {
        const kind = KINDS[entry.kind]
        return (
          <li key={entry.id} className="app-list__row" data-testid="wallet-log-entry">
            <span>{kind ? i18n._(kind) : entry.kind}</span>
            <span className="app-mono">
              {entry.amount} {creditType}
            </span>
            <time className="app-muted" dateTime={entry.createdAt}>
              {new Date(entry.createdAt).toLocaleString(i18n.locale)}
            </time>
            {entry.withdrawal && <WithdrawalState withdrawal={entry.withdrawal} />}
          </li>
        )
      })}
    </>
  )
}
