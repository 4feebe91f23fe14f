import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Button, Card } from '@nexus/ui'
import type { Address } from 'viem'
import { Stat } from '../../components/Stat.tsx'
import { useSession } from '../../data/session.tsx'
import { useCopy } from '../../hooks/useCopy.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt, NotDeployed } from '../../components/blocks/account/AccountPage.tsx'
import { LegacyTeamCard } from '../../components/blocks/legacy/LegacyTeamCard.tsx'
import { InviteQr } from './InviteQr.tsx'
import { useTeamModel } from './useTeamModel.ts'
import type { NextLevelNote } from './teamModel.ts'

/** Community (`/team`): team level (V0 by default), invitations, size and volume, the legs, the invite link. */
export function TeamPage() {
  const { Burn: burn } = contractsOf(env.chainId)
  const { account } = useSession()
  return (
    <AccountPage>
      {!burn ? <NotDeployed name="Burn" /> : !account ? <ConnectPrompt /> : <Team burn={burn} account={account} />}
    </AccountPage>
  )
}

function Team({ burn, account }: { burn: Address; account: Address }) {
  const { t } = useLingui()
  const copy = useCopy()
  const model = useTeamModel(burn, account)
  const { team, summary, generations, next } = model
  const link = model.inviteLink

  return (
    <>
      <Card
        title={t`My team`}
        data-testid="team"
        actions={
          <span className="app-badge" data-testid="team-level">
            {model.levelLabel}
          </span>
        }
      >
        <h3 className="app-subtitle">{t`Whole referral tree (every generation)`}</h3>
        <dl className="app-stats" data-testid="team-tree">
          <Stat label={t`Direct invitations`} value={showCount(summary?.directCount)} testId="team-direct" />
          <Stat
            label={t`Indirect members (2nd generation and below)`}
            value={showCount(summary?.indirectCount)}
            testId="team-indirect"
          />
          <Stat label={t`Team size (all generations)`} value={showCount(summary?.teamSize)} testId="team-size" />
          <Stat
            label={t`Team volume (all generations, every product)`}
            value={`${showAmount(model.teamVolume)} USDT`}
            testId="team-volume"
          />
        </dl>
        <h3 className="app-subtitle">{t`Counted for the team level (burn orders, ${generations} generations)`}</h3>
        <dl className="app-stats" data-testid="team-counted">
          <Stat label={t`Direct invitees with an order`} value={showCount(team?.inviteValids)} />
          <Stat
            label={t`Members with an order (${generations} generations)`}
            value={showCount(team?.teamUser)}
            testId="team-users"
          />
          <Stat
            label={t`Team amount (${generations} generations)`}
            value={`${showAmount(team?.teamAmount)} USDT`}
            testId="team-amount"
          />
          <Stat label={t`Largest leg`} value={`${showAmount(team?.teamMax)} USDT`} testId="team-max" />
          <Stat
            label={t`Outside the largest leg (decides the level)`}
            value={`${showAmount(team?.teamMin)} USDT`}
            testId="team-rest"
          />
          <Stat label={t`Largest leg's invitee`} value={model.largestLegInvitee ?? '—'} />
          <Stat
            label={next.kind === 'needs' ? t`Gap to ${next.label}` : t`Gap to the next level`}
            value={
              next.kind === 'unknown'
                ? '—'
                : next.kind === 'needs'
                  ? `${showAmount(next.missing)} USDT`
                  : t`Highest level reached`
            }
            testId="team-gap"
          />
        </dl>
        <p className="app-muted" data-testid="team-next">
          <NextLevelText note={next} />
        </p>
        {model.isManual && <p className="app-muted">{t`This level was set by the operator.`}</p>}
        <Link to="/invites" className="app-related__link" data-testid="team-invites-link">
          {t`See every invitation`}
        </Link>
      </Card>

      <LegacyTeamCard />

      <Card title={t`Invite link`} data-testid="invite">
        <div className="acc-invite">
          <InviteQr link={link} />
          <p className="acc-invite__link app-mono" data-testid="invite-link">
            {link}
          </p>
          <Button size="sm" data-testid="invite-copy" onClick={() => void copy(link)}>
            {t`Copy`}
          </Button>
        </div>
      </Card>
    </>
  )
}

function NextLevelText({ note }: { note: NextLevelNote }) {
  const { t } = useLingui()
  switch (note.kind) {
    case 'unknown':
      return '—'
    case 'needs':
      return t`${note.label} needs ${showAmount(note.threshold)} USDT outside the largest leg: ${showAmount(note.missing)} USDT to go.`
    case 'highest':
      return t`You are at the highest level.`
  }
}
