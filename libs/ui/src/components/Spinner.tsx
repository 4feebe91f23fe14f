import { cx } from '../lib/cx.ts'

export type SpinnerProps = {
  /** Diameter in pixels. */
  size?: number
  /** Accessible name; when absent the spinner is decorative. */
  label?: string
  className?: string
}

/**
 * A rotating ring.
 *
 * @example
 * <Spinner size={32} label="Loading" />
 */
export function Spinner({ size = 24, label, className }: SpinnerProps) {
  return (
    <span
      className={cx('ui-spinner', className)}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  )
}
