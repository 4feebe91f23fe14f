import { useLingui } from '@lingui/react/macro'
import { typedAmount } from '../../lib/amountInput.ts'
import { showAmount, showTime } from '../../lib/format.ts'
import { duration, percent } from '../../components/blocks/records/recordFormat.ts'
import { useDurationUnits } from '../../hooks/useDurationUnits.ts'
import { releaseSchedule } from './releaseSchedule.ts'
import './stake.css'

/**
 * What the typed deposit pays and when, before signing (issue 23 item 5): the reward cap in USDT value and in NEX
 * at the deposit price, the part paid at once, the end of the lock and the releases after it.
 */
export function ReleaseSchedulePreview({
  input,
  round,
  config,
  now,
  tokensPerUsdt,
}: {
  input: string
  round: { idoRate: bigint; idoFirst: bigint } | undefined
  config: { addTime: bigint; dayTimes: bigint; releaseDay: bigint } | undefined
  now: number | undefined
  /** `Stake.getPrice(1 USDT)`: NEX per USDT of value at the deposit price (undefined while unknown). */
  tokensPerUsdt: bigint | undefined
}) {
  const { t } = useLingui()
  const units = useDurationUnits()
  // the schedule of what the field holds, nothing else (no example amount while it is empty)
  const amount = typedAmount(input)
  if (!round || !config || now === undefined) return null
  if (amount === undefined) {
    return (
      <div className="stake-schedule" data-testid="stake-schedule" data-empty="true">
        <p className="app-muted">{t`Type an amount to see its reward cap and release schedule.`}</p>
      </div>
    )
  }
  const schedule = releaseSchedule(amount, round, config, BigInt(now), tokensPerUsdt)
  const nex = (value: bigint | undefined) => (value === undefined ? '' : ` ≈ ${showAmount(value)} NEX`)
  return (
    <div className="stake-schedule" data-testid="stake-schedule">
      <p className="app-subtitle">{t`Release schedule of a stake of ${showAmount(amount)} USDT`}</p>
      <ol className="stake-schedule__steps">
        <li data-testid="schedule-cap">
          {t`Reward cap: ${showAmount(schedule.rewardMax)} USDT in value (${percent(round.idoRate)} of the stake)${nex(schedule.rewardTokens)}.`}
        </li>
        <li data-testid="schedule-first">
          {t`At once: ${showAmount(schedule.first)} USDT in value${nex(schedule.firstTokens)}, claimable right after the stake.`}
        </li>
        {schedule.releases > 0n && (
          <li data-testid="schedule-releases">
            {t`Locked for ${duration(config.addTime, units)}, until ${showTime(schedule.lockEnds)}; then ${schedule.releases.toString()} releases of ${showAmount(schedule.perRelease)} USDT in value, one every ${duration(schedule.every, units)}, the last on ${showTime(schedule.ends)}.`}
          </li>
        )}
        <li>{t`Each release is paid in NEX at this stake's price, fixed when it is made.`}</li>
      </ol>
    </div>
  )
}
