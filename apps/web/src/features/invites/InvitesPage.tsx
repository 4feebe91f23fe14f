import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'
import type { Address } from 'viem'
import { useSession } from '../../data/session.tsx'
import { showAmount, showTime } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt } from '../../components/blocks/account/AccountPage.tsx'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { INVITATIONS } from '../../data/teamQueries.ts'
import type { InvitationNode, InvitationsData } from '../../data/teamQueries.ts'
import { invitationsVariables, inviteeRowModel } from './invitesModel.ts'

/** Invitations (`/invites`): everyone who registered with the user's link, with what they burned and when. */
export function InvitesPage() {
  const { account } = useSession()
  return <AccountPage>{account ? <Invites account={account} /> : <ConnectPrompt />}</AccountPage>
}

function Invites({ account }: { account: Address }) {
  const { t } = useLingui()
  const variables = useMemo(() => invitationsVariables(account), [account])
  return (
    <Card title={t`My invitations`}>
      <PagedList
        testId="invitations"
        query={INVITATIONS}
        variables={variables}
        select={(data: InvitationsData) => data.invitations}
        row={(node: InvitationNode) => <InvitationRow key={node.account} node={node} />}
      />
    </Card>
  )
}

/** One invitee: address, registration number, amount burned and registration date. */
export function InvitationRow({ node }: { node: InvitationNode }) {
  const { t } = useLingui()
  const row = inviteeRowModel(node)
  return (
    <li className="acc-row" data-testid="invitation" data-account={row.account}>
      <div className="acc-row__head">
        <span className="app-mono">{row.short}</span>
        <span className="app-muted">#{row.index}</span>
      </div>
      <dl className="acc-row__grid">
        <dt>{t`Amount`}</dt>
        <dd data-testid="invitation-amount">{showAmount(row.amount)} USDT</dd>
        <dt>{t`Date`}</dt>
        <dd>{showTime(row.registeredAt)}</dd>
      </dl>
    </li>
  )
}
