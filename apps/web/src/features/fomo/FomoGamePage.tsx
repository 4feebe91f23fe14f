import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { shortenAddress } from '@nexus/sdk'
import { Button, Card, Countdown } from '@nexus/ui'
import { useIndexedQuery } from '../../data/indexer.ts'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { duration, percent, WINNER_SHARES_BPS } from '../../components/blocks/records/recordFormat.ts'
import { NotDeployed, PageFrame } from '../../components/pages/PageFrame.tsx'
import { RecordItem, RecordList } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { useDurationUnits } from '../../hooks/useDurationUnits.ts'
import { poolContracts } from './pool.ts'
import type { PoolName } from './pool.ts'
import { FOMO_ROUNDS } from '../../data/recordQueries.ts'
import type { FomoRoundsData } from '../../data/recordQueries.ts'
import { FomoDepositCard } from './FomoDepositCard.tsx'
import { ROUNDS_SHOWN, settledRounds, useFomoGameModel } from './fomoGameModel.ts'
import type { DepositForm, FomoGameContracts, FomoGameModel } from './fomoGameModel.ts'

/**
 * `/fomo` and `/superFom`: the round game of one pool (pot, countdown on the chain's clock, the last qualifying
 * depositors, the rules and the fairness panel with the pool's config), the deposit into one of the five stake
 * tiers with USDT or NEX, and the settled rounds with winners and settlement transactions from the indexer.
 */
export function FomoGamePage({ pool }: { pool: PoolName }) {
  const contracts = poolContracts(pool)
  return (
    <PageFrame>
      {contracts ? (
        <Game
          pool={pool}
          contracts={{ pool: contracts.pool, usdt: contracts.usdt, nex: contracts.nex, pair: contracts.pair }}
        />
      ) : (
        <NotDeployed testId="pool-unavailable" />
      )}
    </PageFrame>
  )
}

function Game({ pool, contracts }: { pool: PoolName; contracts: FomoGameContracts }) {
  const [form, setForm] = useState<DepositForm>({ tier: 0, payWith: 'USDT', input: '' })
  const model = useFomoGameModel(contracts, form)
  const send = useTransaction()
  return (
    <>
      <RoundCard model={model} onSettle={() => void send(model.settle)} />
      <LeadersCard model={model} />
      <FomoDepositCard model={model} form={form} onForm={setForm} onDeposit={() => send(model.deposit)} />
      <RulesCard model={model} />
      <SettledRounds pool={pool} />
    </>
  )
}

function RoundCard({ model, onSettle }: { model: FomoGameModel; onSettle(): void }) {
  const { t } = useLingui()
  const { phase, config, values, totals, endTime, roundIndex } = model
  return (
    <Card
      title={t`Round ${roundIndex !== undefined ? roundIndex.toString() : '—'}`}
      actions={
        phase && (
          <span className="app-badge" data-testid="round-phase" data-phase={phase}>
            {phase === 'waiting' ? t`Waiting` : phase === 'running' ? t`In progress` : t`Ended`}
          </span>
        )
      }
      data-testid="round"
    >
      <Countdown seconds={model.left} labels={{ days: t`Days`, hours: t`Hours`, minutes: t`Min`, seconds: t`Sec` }} />
      <p className="app-muted" data-testid="round-caption">
        {phase === 'waiting'
          ? t`The clock starts with the first deposit of at least ${showAmount(config?.roundMin)} USDT.`
          : phase === 'running'
            ? t`Ends at ${showTime(endTime)} unless a qualifying deposit extends it.`
            : phase === 'ended'
              ? t`The round ended at ${showTime(endTime)}. It is settled by the next deposit or by settling it here.`
              : ''}
      </p>
      <dl className="app-stats">
        <Stat label={t`Prize pool`} value={`${showAmount(values?.balanceFomo)} USDT`} testId="pot" />
        <Stat label={t`Qualifying deposits`} value={showCount(model.round?.count)} />
        <Stat label={t`Gold pool`} value={`${showAmount(values?.balanceGold)} USDT`} />
        <Stat label={t`Double pool`} value={`${showAmount(values?.balanceDouble)} USDT`} />
        <Stat label={t`Participants`} value={showCount(totals?.totalUser)} />
        <Stat label={t`Deposited in total`} value={`${showAmount(totals?.totalAmount)} USDT`} />
      </dl>
      {phase === 'ended' && (
        <Button block variant="secondary" data-testid="settle-round" disabled={!model.connected} onClick={onSettle}>
          {t`Settle the round`}
        </Button>
      )}
    </Card>
  )
}

function LeadersCard({ model }: { model: FomoGameModel }) {
  const { t } = useLingui()
  return (
    <Card title={t`Last qualifying depositors`} data-testid="leaders">
      <p className="app-muted">{t`If the clock ran out now, they would share the prize pool, the latest first.`}</p>
      <RecordList loading={model.leadersLoading} error={false} count={model.leaders.length} testId="leaders-list">
        {model.leaders.map(({ orderIndex, place, order, shareBps, prize }) => (
          <RecordItem
            key={orderIndex.toString()}
            testId="leader"
            title={`#${place} · ${order ? shortenAddress(order.owner) : '—'}`}
            badges={<span className="app-badge">{percent(shareBps)}</span>}
            figures={[
              [t`Order`, `#${orderIndex.toString()}`],
              [t`Amount`, `${showAmount(order?.amount)} USDT`],
              [t`Time`, showTime(order?.startTime)],
              [t`Prize if it ended now`, `${showAmount(prize)} USDT`],
            ]}
          />
        ))}
      </RecordList>
    </Card>
  )
}

function RulesCard({ model }: { model: FomoGameModel }) {
  const { t } = useLingui()
  const units = useDurationUnits()
  const { config } = model
  return (
    <Card title={t`How a round ends`} data-testid="fairness">
      <ol className="pool-rules">
        <li data-testid="rule-minimum">
          {t`A deposit of at least ${showAmount(config?.roundMin)} USDT qualifies for the round.`}
        </li>
        <li data-testid="rule-extension">
          {t`The first qualifying deposit starts the clock at ${duration(config?.roundTime, units)}; every later one adds ${duration(config?.addTime, units)}.`}
        </li>
        <li data-testid="rule-cap">
          {t`The clock never shows more than ${duration(config?.roundTime, units)}: a round ends at the latest ${duration(config?.roundTime, units)} after its last qualifying deposit.`}
        </li>
        <li data-testid="rule-prizes">
          {t`When the clock reaches zero, the last five qualifying deposits share the prize pool: ${WINNER_SHARES_BPS.map(percent).join(', ')}, the latest first. Shares without a deposit stay in the pool for the next round.`}
        </li>
        <li data-testid="rule-randomness">
          {t`Nothing depends on randomness: no random number or block data picks the winners, only the order of the qualifying deposits on chain, which anyone can check.`}
        </li>
      </ol>
    </Card>
  )
}

/** The settled rounds of the pool from the indexer: end time, pot, winners and the settlement transaction. */
function SettledRounds({ pool }: { pool: PoolName }) {
  const { t } = useLingui()
  const [result] = useIndexedQuery<FomoRoundsData>({
    query: FOMO_ROUNDS,
    variables: { contract: pool, first: ROUNDS_SHOWN + 1 },
  })
  return (
    <Card title={t`Settled rounds`} data-testid="settled-rounds">
      <SettledRoundList
        fetching={result.fetching}
        error={result.error !== undefined}
        rounds={settledRounds(result.data?.fomoRounds.nodes)}
      />
    </Card>
  )
}

/** The settled rounds list with its loading, error and empty states. */
export function SettledRoundList({
  fetching,
  error,
  rounds,
}: {
  fetching: boolean
  error: boolean
  rounds: FomoRoundsData['fomoRounds']['nodes']
}) {
  const { t } = useLingui()
  return (
    <RecordList loading={fetching} error={error} count={rounds.length} testId="settled-list">
      {rounds.map((round) => (
        <RecordItem
          key={round.round}
          testId="settled-round"
          title={t`Round ${round.round}`}
          badges={<span className="app-badge pool-badge--done">{t`Settled`}</span>}
          figures={[
            [t`Ended at`, showTime(BigInt(round.endTime))],
            [t`Prize pool`, `${showAmount(round.pot === null ? undefined : BigInt(round.pot))} USDT`],
            [t`Paid to winners`, `${showAmount(round.paid === null ? undefined : BigInt(round.paid))} USDT`],
            [
              t`Winners`,
              round.winners.length === 0
                ? t`None`
                : round.winners
                    .map((winner) => `${winner.owner ? shortenAddress(winner.owner) : '—'} (#${winner.orderIndex})`)
                    .join(', '),
            ],
            [t`Settled in`, round.settlementTransaction ? shortenAddress(round.settlementTransaction, 10, 8) : '—'],
          ]}
        />
      ))}
    </RecordList>
  )
}
