import { useLingui } from '@lingui/react/macro'
import { shortenAddress } from '@nexus/sdk'
import { Card } from '@nexus/ui'
import type { Address } from 'viem'
import { showAmount, showCount } from '../../../lib/format.ts'
import { RecordItem, RecordList } from './RecordParts.tsx'

/** Invitees that mine, with their stakes, NEX and force, and the list's loading, error and empty states. */
export function InviteList({
  title,
  testId,
  loading,
  error,
  invites,
}: {
  title: string
  testId: string
  loading: boolean
  error: boolean
  invites: readonly { account: Address; amount: bigint; force: bigint; stakes: bigint }[]
}) {
  const { t } = useLingui()
  return (
    <Card title={title} data-testid={testId}>
      <RecordList loading={loading} error={error} count={invites.length} testId={`${testId}-list`}>
        {invites.map((invitee) => (
          <RecordItem
            key={invitee.account}
            testId="mining-invitee"
            title={shortenAddress(invitee.account)}
            figures={[
              [t`NEX staked`, showAmount(invitee.amount)],
              [t`Force`, showAmount(invitee.force)],
              [t`Stakes`, showCount(invitee.stakes)],
            ]}
          />
        ))}
      </RecordList>
    </Card>
  )
}
