import type { ReactNode } from 'react'
import { cx } from '../lib/cx.ts'

export type EmptyStateProps = {
  /** The text, already translated ("No data yet", "No more"). */
  text: ReactNode
  icon?: ReactNode
  className?: string
}

/**
 * The state of a list without (more) rows.
 *
 * @example
 * <EmptyState text={t`No data yet`} />
 */
export function EmptyState({ text, icon, className }: EmptyStateProps) {
  return (
    <div className={cx('ui-empty', className)}>
      {icon !== undefined && <div className="ui-empty__icon">{icon}</div>}
      <p className="ui-empty__text">{text}</p>
    </div>
  )
}
