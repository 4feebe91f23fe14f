import { useLingui } from '@lingui/react/macro'
import { checkAmount } from '../../lib/amountInput.ts'
import { showAmount, showTime } from '../../lib/format.ts'
import { duration, percent } from '../../components/blocks/records/recordFormat.ts'
import { useDurationUnits } from '../../hooks/useDurationUnits.ts'
import { releaseSchedule } from './releaseSchedule.ts'
import './stake.css'

const ONE_USDT = 10n ** 18n

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
  const typed = checkAmount(input)
  // Before an amount is typed, the schedule of an example stake of 100 USDT.
  const amount = typed.ok ? typed.value : ONE_USDT * 100n
  if (!round || !config || now === undefined) return null
  const schedule = releaseSchedule(amount, round, config, BigInt(now), tokensPerUsdt)
  const nex = (value: bigint | undefined) => (value === undefined ? '' : ` ≈ ${showAmount(value)} NEX`)
  return (
    <div className="stake-schedule" data-testid="stake-schedule">
      <p className="app-subtitle">
        {typed.ok ? t`Release schedule of this stake` : t`Release schedule of a stake of ${showAmount(amount)} USDT`}
      </p>
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
