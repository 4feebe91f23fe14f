import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Button, EmptyState, Spinner } from '@nexus/ui'
import './account.css'

export type ListStatus = 'loading' | 'error' | 'ready'

export type ListViewProps = {
  /** The rows shown so far (`<li>` elements of every page loaded). */
  rows: ReactNode
  /** How many rows there are. */
  count: number
  /** The state of the latest page: loading (first or next), failed, or loaded. */
  status: ListStatus
  /** Whether the indexer has more rows after the last one shown. */
  hasMore: boolean
  onMore(): void
  onRetry?(): void
  testId?: string
}

/**
 * A paged list's body and footer in every state (SPEC.md §8): a labelled spinner while a page loads, an error with
 * a retry, "No data yet" when there is no row at all, a "Load more" button while pages remain, "No more" at the end.
 *
 * @example
 * <ListView rows={items} count={items.length} status="ready" hasMore={false} onMore={() => undefined} />
 */
export function ListView({ rows, count, status, hasMore, onMore, onRetry, testId }: ListViewProps) {
  const { t } = useLingui()
  return (
    <div className="acc-list" data-testid={testId} data-status={status} data-count={count}>
      <ul className="acc-list__rows">{rows}</ul>
      {status === 'loading' ? (
        <div className="acc-list__footer">
          <Spinner size={24} label={t`Loading`} />
        </div>
      ) : status === 'error' ? (
        <div className="acc-list__footer" role="alert">
          <p className="app-field__error">{t`The list could not be loaded. Check your connection and try again.`}</p>
          {onRetry && (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {t`Retry`}
            </Button>
          )}
        </div>
      ) : count === 0 ? (
        <EmptyState text={t`No data yet`} className="acc-list__empty" />
      ) : hasMore ? (
        <div className="acc-list__footer">
          <Button size="sm" variant="secondary" onClick={onMore} data-testid="list-more">
            {t`Load more`}
          </Button>
        </div>
      ) : (
        <p className="acc-list__end app-muted" data-testid="list-end">
          {t`No more`}
        </p>
      )}
    </div>
  )
}
