import { useLingui } from '@lingui/react/macro'
import type { LegacyData } from '@nexus/sdk'
import { Card } from '@nexus/ui'
import { Stat } from '../../Stat.tsx'
import { useLegacyQuery } from '../../../data/login.ts'
import { LegacyError, SignInPanel } from './SignInPanel.tsx'

/** The legacy API's teamInfo answer (apps/legacy-api, POST teamInfo; its type in @nexus/sdk). */
export type LegacyTeamInfo = LegacyData<'teamInfo'>

/** The team figures the server keeps (machines of the first version), behind the wallet sign-in (SPEC.md §7). */
export function LegacyTeamCard() {
  const { t } = useLingui()
  return (
    <Card title={t`Team on the server (machines)`} data-testid="legacy-team">
      <SignInPanel>
        <LegacyTeamFigures />
      </SignInPanel>
    </Card>
  )
}

function LegacyTeamFigures() {
  const { t } = useLingui()
  const info = useLegacyQuery('teamInfo')
  const data = info.data
  return (
    <>
      <dl className="app-stats">
        <Stat label={t`Direct invitations`} value={data ? String(data.directCount) : '—'} testId="legacy-direct" />
        <Stat label={t`Team size (all generations)`} value={data ? String(data.teamCount) : '—'} testId="legacy-size" />
        <Stat label={t`Machine power of the team`} value={data ? data.teamPower : '—'} testId="legacy-power" />
        <Stat
          label={t`Machine purchases of the team`}
          value={data ? `${data.teamAmount} USDT` : '—'}
          testId="legacy-amount"
        />
      </dl>
      {info.error && <LegacyError error={info.error} />}
    </>
  )
}
