import { cx } from '../lib/cx.ts'
import { formatCountdown } from '../lib/formatCountdown.ts'

export type CountdownLabels = {
  days: string
  hours: string
  minutes: string
  seconds: string
}

export type CountdownProps = {
  /** Seconds left; the caller ticks it (SPEC.md §9: every second). */
  seconds: number | bigint
  /** Unit labels, already translated. */
  labels: CountdownLabels
  className?: string
}

/**
 * Days, hours, minutes and seconds, zero-padded; zeros once passed.
 *
 * @example
 * <Countdown seconds={endTime - now} labels={{ days: t`Days`, hours: t`Hours`, minutes: t`Min`, seconds: t`Sec` }} />
 */
export function Countdown({ seconds, labels, className }: CountdownProps) {
  const parts = formatCountdown(seconds)
  const units = ['days', 'hours', 'minutes', 'seconds'] as const
  return (
    <div className={cx('ui-countdown', className)} role="timer">
      {units.map((unit) => (
        <div key={unit} className="ui-countdown__unit" data-unit={unit}>
          <span className="ui-countdown__value">{parts[unit]}</span>
          <span className="ui-countdown__label">{labels[unit]}</span>
        </div>
      ))}
    </div>
  )
}
