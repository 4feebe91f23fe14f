import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { burnAbi } from '@nexus/abi'
import { teamLevelLabel } from '@nexus/sdk'
import { Button, Card } from '@nexus/ui'
import type { Address } from 'viem'
import { zeroAddress } from 'viem'
import { Stat } from '../../components/pages/HomePage.tsx'
import { ok, useChainReads } from '../../data/ChainData.tsx'
import { useIndexedQuery } from '../../data/indexer.ts'
import { useSession } from '../../data/session.tsx'
import { useCopy } from '../../hooks/useCopy.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount } from '../../lib/format.ts'
import { AccountPage, ConnectPrompt, NotDeployed } from '../account/AccountPage.tsx'
import { nextLevel, shortAccount } from '../account/figures.ts'
import { InviteQr } from './InviteQr.tsx'
import { inviteLink, TEAM } from './queries.ts'
import type { TeamData } from './queries.ts'

/** Community (`/team`): team level (V0 by default), invitations, size and volume, the legs, the invite link. */
export function TeamPage() {
  const { Burn: burn } = contractsOf(env.chainId)
  const { account } = useSession()
  return (
    <AccountPage path="/team">
      {!burn ? <NotDeployed name="Burn" /> : !account ? <ConnectPrompt /> : <Team burn={burn} account={account} />}
    </AccountPage>
  )
}

function Team({ burn, account }: { burn: Address; account: Address }) {
  const { t } = useLingui()
  const copy = useCopy()
  const data = useChainReads(
    useMemo(
      () =>
        [
          { address: burn, abi: burnAbi, functionName: 'teams', args: [account] },
          { address: burn, abi: burnAbi, functionName: 'getConfigMulti' },
        ] as const,
      [burn, account],
    ),
  )
  const team = ok(data?.[0])
  const multi = ok(data?.[1])
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
        <dl className="app-stats">
          <Stat label={t`Direct invitations`} value={showCount(summary?.directCount)} testId="team-direct" />
          <Stat label={t`Indirect invitations`} value={showCount(summary?.indirectCount)} testId="team-indirect" />
          <Stat label={t`Team size`} value={showCount(summary?.teamSize)} testId="team-size" />
          <Stat
            label={t`Team volume`}
            value={`${showAmount(summary ? BigInt(summary.teamVolume) : undefined)} USDT`}
            testId="team-volume"
          />
          <Stat label={t`Invitees with an order`} value={showCount(team?.inviteValids)} />
          <Stat label={t`Members with an order`} value={showCount(team?.teamUser)} />
          <Stat label={t`Largest leg`} value={`${showAmount(team?.teamMax)} USDT`} testId="team-max" />
          <Stat label={t`The rest`} value={`${showAmount(team?.teamMin)} USDT`} testId="team-rest" />
          <Stat
            label={t`Largest leg's invitee`}
            value={team && team.maxAccount !== zeroAddress ? shortAccount(team.maxAccount) : '—'}
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
