import { useLingui } from '@lingui/react/macro'
import { shortenAddress, teamLevelLabel } from '@nexus/sdk'
import { Card } from '@nexus/ui'
import type { Address } from 'viem'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { percent } from '../../components/blocks/records/recordFormat.ts'
import { NotDeployed, PageFrame } from '../../components/pages/PageFrame.tsx'
import { RecordItem, RecordList } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { poolContracts } from './pool.ts'
import type { PoolName } from './pool.ts'
import { REWARDS_LISTED, rewardLevel, useFomoTeamModel } from './fomoTeamModel.ts'
import type { FomoTeamModel, TeamRewardEvent } from './fomoTeamModel.ts'

/**
 * `/fomoTeam` and `/superFomTeam`: the account's team in one pool (level V0..V4, invitees, team amounts), the team
 * rewards earned at each of the four levels, the level thresholds and rates, and the invitees that joined the pool.
 */
export function FomoTeamPage({ pool }: { pool: PoolName }) {
  const contracts = poolContracts(pool)
  return (
    <PageFrame>
      {contracts ? <Team pool={pool} address={contracts.pool} /> : <NotDeployed testId="pool-unavailable" />}
    </PageFrame>
  )
}

function Team({ pool, address }: { pool: PoolName; address: Address }) {
  const { t } = useLingui()
  const model = useFomoTeamModel(pool, address)
  const { invites, rewards } = model
  return (
    <>
      <MyTeamCard model={model} />
      <LevelsCard model={model} />
      <Card title={t`Invitees in this pool`} data-testid="invites">
        <RecordList loading={invites.loading} error={invites.error} count={invites.list.length} testId="invite-list">
          {invites.list.map((invitee) => (
            <RecordItem key={invitee} testId="invitee" title={shortenAddress(invitee)} figures={[]} />
          ))}
        </RecordList>
      </Card>
      <TeamRewardList fetching={rewards.fetching} error={rewards.error} events={rewards.events} />
    </>
  )
}

function MyTeamCard({ model }: { model: FomoTeamModel }) {
  const { t } = useLingui()
  const { team, user, level } = model
  return (
    <Card
      title={t`My team`}
      data-testid="team"
      actions={
        level !== undefined && (
          <span className="app-badge" data-testid="team-level">
            {teamLevelLabel(level)}
          </span>
        )
      }
    >
      <dl className="app-stats">
        <Stat label={t`Team level`} value={level === undefined ? '—' : teamLevelLabel(level)} />
        <Stat label={t`Direct invitees`} value={showCount(team?.invites)} />
        <Stat label={t`Invitees with orders`} value={showCount(team?.inviteValids)} />
        <Stat label={t`Team members with orders`} value={showCount(team?.teamUser)} />
        <Stat label={t`Team amount`} value={`${showAmount(team?.teamAmount)} USDT`} testId="team-amount" />
        <Stat label={t`Largest leg`} value={`${showAmount(team?.teamMax)} USDT`} />
        <Stat label={t`Other legs`} value={`${showAmount(team?.teamMin)} USDT`} />
        <Stat label={t`Team rewards`} value={`${showAmount(user?.rewardTeam)} USDT`} testId="team-rewards" />
        <Stat label={t`Direct rewards`} value={`${showAmount(user?.rewardDirect)} USDT`} />
        <Stat label={t`Indirect rewards`} value={`${showAmount(user?.rewardIndirect)} USDT`} />
      </dl>
    </Card>
  )
}

function LevelsCard({ model }: { model: FomoTeamModel }) {
  const { t } = useLingui()
  return (
    <Card title={t`Team rewards by level`} data-testid="team-levels">
      <p className="app-muted">
        {t`A level is reached with its team amount; each level earns its rate of the team share, less what levels below it already earned.`}
      </p>
      <ul className="pool-records">
        {model.levels.map(({ level, from, rateBps, reached, rewards }) => (
          <RecordItem
            key={level}
            testId={`team-level-${level}`}
            title={teamLevelLabel(level)}
            badges={reached ? <span className="app-badge pool-badge--unlocked">{t`Your level`}</span> : null}
            figures={[
              [t`Team amount from`, `${showAmount(from)} USDT`],
              [t`Rate of the team share`, percent(rateBps)],
              [t`Your rewards at this level`, model.connected ? `${showAmount(rewards)} USDT` : '—'],
            ]}
          />
        ))}
      </ul>
      {model.levelsError && (
        <p className="pool-state pool-state--error" role="alert">
          {t`The rewards by level could not be loaded. They are tried again with the next refresh.`}
        </p>
      )}
    </Card>
  )
}

/** The latest team rewards with their loading, error and empty states. */
export function TeamRewardList({
  fetching,
  error,
  events,
}: {
  fetching: boolean
  error: boolean
  events: readonly TeamRewardEvent[]
}) {
  const { t } = useLingui()
  return (
    <Card title={t`Latest team rewards`} data-testid="team-rewards-list">
      <RecordList loading={fetching} error={error} count={events.length} testId="team-reward-list">
        {events.slice(0, REWARDS_LISTED).map((event) => {
          const level = rewardLevel(event.level)
          return (
            <RecordItem
              key={`${event.transactionHash}-${event.counterparty ?? ''}-${event.amount}`}
              testId="team-reward"
              title={`${showAmount(BigInt(event.amount))} USDT`}
              badges={level ? <span className="app-badge">{teamLevelLabel(level)}</span> : null}
              figures={[
                [t`From`, event.counterparty ? shortenAddress(event.counterparty) : '—'],
                [t`Time`, showTime(BigInt(event.timestamp))],
              ]}
            />
          )
        })}
      </RecordList>
    </Card>
  )
}
