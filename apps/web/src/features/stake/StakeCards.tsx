import { useLingui } from '@lingui/react/macro'
import { Button, Card, Countdown } from '@nexus/ui'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { duration, percent } from '../../components/blocks/records/recordFormat.ts'
import { useDurationUnits } from '../../hooks/useDurationUnits.ts'
import { RecordItem, RecordList, StateBadge } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'
import { ReleaseSchedulePreview } from './ReleaseSchedulePreview.tsx'
import type { RoundPhase, StakeModel, StakeRangeNote } from './stakeModel.ts'

/** The current staking round, its terms and the deposit form. */
export function StakeRoundCard({
  model,
  now,
  input,
  setInput,
}: {
  model: StakeModel
  now: number | undefined
  input: string
  setInput: (input: string) => void
}) {
  const { t } = useLingui()
  const send = useTransaction()
  const units = useDurationUnits()
  const { config, current, status } = model
  return (
    <Card
      title={t`Staking round ${model.roundNumber === undefined ? '—' : String(model.roundNumber)}`}
      data-testid="stake-round"
      actions={
        status && (
          <span
            className="app-badge"
            data-testid="stake-round-status"
            data-status={status === 'open' ? 'open' : 'closed'}
          >
            {status === 'open' ? t`Open` : status === 'startingSoon' ? t`Starting soon` : t`Closed`}
          </span>
        )
      }
    >
      {model.startsIn > 0 && (
        <Countdown
          seconds={model.startsIn}
          labels={{ days: t`Days`, hours: t`Hours`, minutes: t`Min`, seconds: t`Sec` }}
        />
      )}
      <dl className="app-stats">
        <Stat label={t`Reward cap`} value={percent(current?.idoRate)} testId="reward-cap" />
        <Stat label={t`Released at once`} value={percent(current?.idoFirst)} />
        <Stat label={t`NEX price floor`} value={`${showAmount(current?.idoPrice, 4)} USDT`} />
        <Stat
          label={t`Staked in this round`}
          value={`${showAmount(current?.idoTotal)} / ${showAmount(current?.idoMax)} USDT`}
        />
        <Stat label={t`Lock before releases`} value={duration(config?.addTime, units)} />
        <Stat
          label={t`Releases after the lock`}
          value={config ? t`${showCount(config.releaseDay)}, one every ${duration(config.dayTimes, units)}` : '—'}
          testId="stake-releases"
        />
      </dl>
      <ActionForm onSubmit={() => send(model.deposit)}>
        <AmountField
          label={t`Amount (USDT)`}
          hint={t`Balance ${showAmount(model.balance)} USDT`}
          value={input}
          onChange={setInput}
          testId="stake-amount"
        />
        <ReleaseSchedulePreview
          input={input}
          round={current}
          config={config}
          now={now}
          tokensPerUsdt={model.tokensPerUsdt}
        />
        <p className="app-muted" data-testid="stake-range">
          <RangeNote note={model.rangeNote} />
        </p>
        <Button type="submit" block disabled={!model.canStake} data-testid="stake-submit">
          {t`Stake`}
        </Button>
      </ActionForm>
    </Card>
  )
}

function RangeNote({ note }: { note: StakeRangeNote }) {
  const { t } = useLingui()
  switch (note.kind) {
    case 'unknown':
      return t`Allowed range: —`
    case 'accountCapReached':
      return t`You have reached the cap of ${showAmount(note.userMax)} USDT per account: no further stake is possible.`
    case 'roundFull':
      return t`This round is full (${showAmount(note.roundSize)} USDT): wait for the next round.`
    case 'belowRoundMinimum':
      return t`You can stake at most ${showAmount(note.max)} USDT more, below this round's minimum of ${showAmount(note.min)} USDT.`
    case 'range':
      return t`Allowed range: ${showAmount(note.min)} to ${showAmount(note.max)} USDT (cap per account ${showAmount(note.userMax)} USDT)`
  }
}

/** Every staking round (lock period) with its terms and phase. */
export function PeriodsCard({ model: { periods } }: { model: StakeModel }) {
  const { t } = useLingui()
  return (
    <Card title={t`Lock periods`} data-testid="stake-periods">
      <p className="app-muted">
        {t`Each round is a period with its own reward cap: part of the reward is released at once, the rest daily after the lock.`}
      </p>
      <RecordList loading={periods.loading} error={periods.error} count={periods.list.length} testId="period-list">
        {periods.list.map(({ round, phase }, index) => (
          <RecordItem
            key={index}
            testId={`period-${index}`}
            title={t`Round ${String(index + 1)}`}
            badges={phase && <PhaseBadge phase={phase} />}
            figures={[
              [t`Reward cap`, percent(round.idoRate)],
              [t`Released at once`, percent(round.idoFirst)],
              [t`NEX price floor`, `${showAmount(round.idoPrice)} USDT`],
              [t`Least deposit`, `${showAmount(round.idoMin)} USDT`],
              [t`Round size`, `${showAmount(round.idoMax)} USDT`],
              [t`Staked`, `${showAmount(round.idoTotal)} USDT`],
              [t`Opens`, showTime(round.startTime)],
            ]}
          />
        ))}
      </RecordList>
    </Card>
  )
}

function PhaseBadge({ phase }: { phase: RoundPhase }) {
  const { t } = useLingui()
  return (
    <span className={`app-badge${phase === 'filled' ? ' pool-badge--done' : ''}`} data-phase={phase}>
      {phase === 'open' ? t`Open` : phase === 'upcoming' ? t`Starting soon` : phase === 'next' ? t`Next` : t`Filled`}
    </span>
  )
}

/** The account's stakes, what it may claim, and the claim. */
export function MyStakesCard({ model }: { model: StakeModel }) {
  const { t } = useLingui()
  const { user, stakes, config } = model
  return (
    <Card
      title={t`My stakes`}
      data-testid="my-stakes"
      actions={
        <ClaimButton
          testId="stake-claim"
          disabled={!model.canClaim}
          check={model.claim.check}
          request={model.claim.request}
        />
      }
    >
      <dl className="app-stats">
        <Stat label={t`Claimable now`} value={`${showAmount(user?.balance)} NEX`} testId="stake-balance" />
        <Stat label={t`Staked`} value={`${showAmount(user?.amount)} USDT`} testId="staked" />
        <Stat label={t`Reward cap (value)`} value={`${showAmount(user?.rewardMax)} USDT`} />
        <Stat label={t`Released (value)`} value={`${showAmount(user?.rewardRelease)} USDT`} />
        <Stat label={t`Direct rewards`} value={`${showAmount(user?.rewardDirect)} NEX`} />
        <Stat label={t`Indirect rewards`} value={`${showAmount(user?.rewardIndirect)} NEX`} />
      </dl>
      <p className="app-muted">{t`A claim keeps ${percent(config?.feeRate)} as a fee in the pool.`}</p>
      <RecordList loading={stakes.loading} error={stakes.error} count={stakes.list.length} testId="stake-list">
        {stakes.list.map(({ record, state }) => (
          <RecordItem
            key={record.index.toString()}
            testId={`stake-${record.index.toString()}`}
            title={t`Stake #${record.index.toString()} · round ${String(record.period + 1n)}`}
            badges={<StateBadge state={state} />}
            figures={[
              [t`Amount`, `${showAmount(record.amount)} USDT`],
              [t`Reward cap`, `${showAmount(record.rewardMax)} USDT`],
              [t`Still to release`, `${showAmount(record.rewardSurplus)} USDT`],
              [t`Releases`, `${showCount(record.releaseTimes)} / ${showCount(record.releaseDays)}`],
              [t`NEX price`, `${showAmount(record.startPrice)} USDT`],
              [t`Started`, showTime(record.startTime)],
              [t`Unlocks`, showTime(record.lockTime)],
              [t`Ends`, showTime(record.endTime)],
            ]}
          />
        ))}
      </RecordList>
    </Card>
  )
}

/** Staking totals of every account. */
export function StakeTotalsCard({ model: { totals } }: { model: StakeModel }) {
  const { t } = useLingui()
  return (
    <Card title={t`Staking totals`} data-testid="stake-totals">
      <dl className="app-stats">
        <Stat label={t`Stakers`} value={showCount(totals?.totalUser)} />
        <Stat label={t`Stakes`} value={showCount(totals?.totalStakes)} />
        <Stat label={t`Staked in total`} value={`${showAmount(totals?.totalAmount)} USDT`} />
        <Stat label={t`NEX paid out`} value={showAmount(totals?.totalExtract)} />
      </dl>
    </Card>
  )
}
