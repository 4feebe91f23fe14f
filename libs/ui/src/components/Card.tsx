import type { HTMLAttributes, ReactNode } from 'react'
import { cx } from '../lib/cx.ts'

export type CardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title?: ReactNode
  /** Rendered at the right of the title row. */
  actions?: ReactNode
}

/**
 * A panel with an optional title row.
 *
 * @example
 * <Card title="My rewards" actions={<Button size="sm">Claim</Button>}>…</Card>
 */
export function Card({ title, actions, className, children, ...rest }: CardProps) {
  return (
    <section {...rest} className={cx('ui-card', className)}>
      {(title !== undefined || actions !== undefined) && (
        <header className="ui-card__header">
          {title !== undefined && <h2 className="ui-card__title">{title}</h2>}
          {actions !== undefined && <div className="ui-card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  )
}
