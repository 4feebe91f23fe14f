import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { fomoAbi } from '@nexus/abi'
import { shortenAddress, teamLevelLabel } from '@nexus/sdk'
import { Card } from '@nexus/ui'
import type { Address } from 'viem'
import { ok, useNamedChainReads } from '../../data/ChainData.tsx'
import { useIndexedQuery } from '../../data/indexer.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { percent } from '../../components/blocks/records/recordFormat.ts'
import { NotDeployed, PageFrame } from '../../components/pages/PageFrame.tsx'
import { RecordItem, RecordList, useReader } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { poolContracts } from './pool.ts'
import type { PoolName } from './pool.ts'
import { ACCOUNT_EVENTS } from '../../data/recordQueries.ts'
import type { AccountEventsData } from '../../data/recordQueries.ts'

/** Invitees read from the contract's paged view. */
const INVITES_SHOWN = 50n
/** Team reward events summed per level (the indexer's largest page). */
const TEAM_EVENTS = 100

/**
 * Team rewards summed by level (1..4) from the indexer's `TeamRewarded` events (their typed `level`).
 *
 * @example
 * teamRewardsByLevel([{ amount: '5', level: 2 }]) // [0n, 5n, 0n, 0n]
 */
export function teamRewardsByLevel(events: readonly { amount: string; level?: number | null }[]): bigint[] {
  const sums = [0n, 0n, 0n, 0n]
  for (const { amount, level } of events) {
    if (level && level >= 1 && level <= 4) sums[level - 1] = (sums[level - 1] ?? 0n) + BigInt(amount)
  }
  return sums
}

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
  const { account, who } = useReader()
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          team: { address, abi: fomoAbi, functionName: 'teams', args: [who] },
          user: { address, abi: fomoAbi, functionName: 'users', args: [who] },
          multi: { address, abi: fomoAbi, functionName: 'getConfigMulti' },
          invites: { address, abi: fomoAbi, functionName: 'getInvites', args: [who, 0n, INVITES_SHOWN] },
        }) as const,
      [address, who],
    ),
  )
  const team = account ? ok(data?.team) : undefined
  const user = account ? ok(data?.user) : undefined
  const multi = ok(data?.multi)
  const invites = account ? (ok(data?.invites)?.[0] ?? []) : []
  const invitesFailed = data?.invites?.status === 'failure'

  const [events] = useIndexedQuery<AccountEventsData>({
    query: ACCOUNT_EVENTS,
    variables: { account: who.toLowerCase(), contract: pool, kind: 'TeamRewarded', first: TEAM_EVENTS },
    pause: !account,
  })
  const byLevel = teamRewardsByLevel(events.data?.accountEvents.nodes ?? [])
  const level = team ? Number(team.level) : undefined

  return (
    <>
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

      <Card title={t`Team rewards by level`} data-testid="team-levels">
        <p className="app-muted">
          {t`A level is reached with its team amount; each level earns its rate of the team share, less what levels below it already earned.`}
        </p>
        <ul className="pool-records">
          {[0, 1, 2, 3].map((index) => (
            <RecordItem
              key={index}
              testId={`team-level-${index + 1}`}
              title={teamLevelLabel(index + 1)}
              badges={
                level === index + 1 ? <span className="app-badge pool-badge--unlocked">{t`Your level`}</span> : null
              }
              figures={[
                [t`Team amount from`, `${showAmount(multi?.teamAmounts[index])} USDT`],
                [t`Rate of the team share`, percent(multi?.teamRates[index])],
                [
                  t`Your rewards at this level`,
                  account ? `${showAmount(events.data ? byLevel[index] : undefined)} USDT` : '—',
                ],
              ]}
            />
          ))}
        </ul>
        {events.error && (
          <p className="pool-state pool-state--error" role="alert">
            {t`The rewards by level could not be loaded. They are tried again with the next refresh.`}
          </p>
        )}
      </Card>

      <Card title={t`Invitees in this pool`} data-testid="invites">
        <RecordList
          loading={account !== undefined && data === undefined}
          error={invitesFailed}
          count={invites.length}
          testId="invite-list"
        >
          {invites.map((invitee) => (
            <RecordItem key={invitee} testId="invitee" title={shortenAddress(invitee)} figures={[]} />
          ))}
        </RecordList>
      </Card>

      <TeamRewardList
        fetching={events.fetching}
        error={events.error !== undefined}
        events={account ? (events.data?.accountEvents.nodes ?? []) : []}
      />
    </>
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
  events: AccountEventsData['accountEvents']['nodes']
}) {
  const { t } = useLingui()
  return (
    <Card title={t`Latest team rewards`} data-testid="team-rewards-list">
      <RecordList loading={fetching} error={error} count={events.length} testId="team-reward-list">
        {events.slice(0, 20).map((event) => {
          const level = event.level && event.level >= 1 && event.level <= 4 ? event.level : undefined
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
