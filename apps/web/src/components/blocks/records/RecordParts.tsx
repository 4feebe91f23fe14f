import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { EmptyState, Spinner } from '@nexus/ui'
import type { Address } from 'viem'
import { zeroAddress } from 'viem'
import { useSession } from '../../../data/session.tsx'
import type { RecordState } from './recordFormat.ts'
import './records.css'

/** The account the reads are made for: the connected one, or the zero address (reads then show empty records). */

/** The connected account (undefined when not connected) and the address to read with. */
export function useReader(): { account: Address | undefined; who: Address } {
  const { account } = useSession()
  return { account, who: account ?? zeroAddress }
}

/** The state of a stake or order: locked, unlocked, completed or forced out (SPEC.md §4). */
export function StateBadge({ state }: { state: RecordState | undefined }) {
  const { t } = useLingui()
  if (!state) return null
  const text = {
    locked: t`Locked`,
    unlocked: t`Unlocked`,
    completed: t`Completed`,
    forced: t`Forced out`,
  }[state]
  const tone = state === 'locked' ? 'locked' : state === 'unlocked' ? 'unlocked' : 'done'
  return (
    <span className={`app-badge pool-badge--${tone}`} data-testid="record-state" data-state={state}>
      {text}
    </span>
  )
}

/** A record of a list: a title row with badges, figures and actions. */
export function RecordItem({
  title,
  badges,
  figures,
  actions,
  testId,
}: {
  title: ReactNode
  badges?: ReactNode
  figures: readonly (readonly [string, string])[]
  actions?: ReactNode
  testId?: string
}) {
  return (
    <li className="pool-record" data-testid={testId}>
      <div className="pool-record__head">
        <span>{title}</span>
        {badges && <span className="pool-record__badges">{badges}</span>}
      </div>
      <dl className="pool-record__figures">
        {figures.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="pool-record__actions">{actions}</div>}
    </li>
  )
}

/**
 * A list with its loading, error and empty states: a spinner while `loading`, the error text when `error`,
 * "No data yet" (SPEC.md §8) without rows, else the rows.
 */
export function RecordList({
  loading,
  error,
  count,
  children,
  testId,
}: {
  loading: boolean
  error: boolean
  count: number
  children: ReactNode
  testId?: string
}) {
  const { t } = useLingui()
  if (loading && count === 0)
    return (
      <div className="pool-state" data-testid={testId} data-state="loading">
        <Spinner size={18} label={t`Loading`} />
      </div>
    )
  if (error && count === 0)
    return (
      <p className="pool-state pool-state--error" role="alert" data-testid={testId} data-state="error">
        {t`This list could not be loaded. It is tried again with the next refresh.`}
      </p>
    )
  if (count === 0)
    return (
      <div data-testid={testId} data-state="empty">
        <EmptyState text={t`No data yet`} />
      </div>
    )
  return (
    <ul className="pool-records" data-testid={testId} data-state="ready">
      {children}
    </ul>
  )
}
