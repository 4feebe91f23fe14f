import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { burnAbi } from '@nexus/abi'
import { teamLevelLabel } from '@nexus/sdk'
import { Button, Card } from '@nexus/ui'
import type { Address } from 'viem'
import { zeroAddress } from 'viem'
import { Stat } from '../../components/Stat.tsx'
import { ok, useNamedChainReads } from '../../data/ChainData.tsx'
import { useIndexedQuery } from '../../data/indexer.ts'
import { useSession } from '../../data/session.tsx'
import { useCopy } from '../../hooks/useCopy.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt, NotDeployed } from '../../components/blocks/account/AccountPage.tsx'
import { nextLevel, shortAccount } from '../../components/blocks/account/figures.ts'
import { LegacyTeamCard } from '../../components/blocks/legacy/LegacyTeamCard.tsx'
import { InviteQr } from './InviteQr.tsx'
import { inviteLink, TEAM } from '../../data/teamQueries.ts'
import type { TeamData } from '../../data/teamQueries.ts'

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
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          team: { address: burn, abi: burnAbi, functionName: 'teams', args: [account] },
          multi: { address: burn, abi: burnAbi, functionName: 'getConfigMulti' },
          depth: { address: burn, abi: burnAbi, functionName: 'TEAM_DEPTH' },
        }) as const,
      [burn, account],
    ),
  )
  const team = ok(data?.team)
  const multi = ok(data?.multi)
  const depth = ok(data?.depth)
  const generations = depth === undefined ? '—' : depth.toString()
  const [indexed] = useIndexedQuery<TeamData>({ query: TEAM, variables: { account: account.toLowerCase() } })
  const summary = indexed.data?.team
  const level = team?.level ?? 0n
  const next = team && multi ? nextLevel(level, team.teamMin, multi.teamAmounts) : undefined
  const link = inviteLink(window.location.origin, account)

  return (
    <>
      <Card
        title={t`My team`}
        data-testid="team"
        actions={
          <span className="app-badge" data-testid="team-level">
            {teamLevelLabel(level)}
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
            value={`${showAmount(summary ? BigInt(summary.teamVolume) : undefined)} USDT`}
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
          <Stat
            label={t`Largest leg's invitee`}
            value={team && team.maxAccount !== zeroAddress ? shortAccount(team.maxAccount) : '—'}
          />
          <Stat
            label={next ? t`Gap to ${teamLevelLabel(next.level)}` : t`Gap to the next level`}
            value={!team || !multi ? '—' : next ? `${showAmount(next.missing)} USDT` : t`Highest level reached`}
            testId="team-gap"
          />
        </dl>
        <p className="app-muted" data-testid="team-next">
          {!team || !multi
            ? '—'
            : next
              ? t`${teamLevelLabel(next.level)} needs ${showAmount(next.threshold)} USDT outside the largest leg: ${showAmount(next.missing)} USDT to go.`
              : t`You are at the highest level.`}
        </p>
        {team?.isManual && <p className="app-muted">{t`This level was set by the operator.`}</p>}
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
