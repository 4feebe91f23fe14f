import { Spinner } from './Spinner.tsx'

export type AwaitingOverlayProps = {
  open: boolean
  /** The text under the spinner, already translated (SPEC.md §2: AWAITING). */
  label: string
  /** What the wait is for, already translated, under the label (e.g. the step of a write: "1 of 2: Approve USDT"). */
  detail?: string
}

/**
 * Blocks the page with a spinner while a transaction is pending.
 *
 * @example
 * <AwaitingOverlay open={pending} label={t`AWAITING`} />
 */
export function AwaitingOverlay({ open, label, detail }: AwaitingOverlayProps) {
  if (!open) return null
  return (
    <div className="ui-backdrop ui-awaiting" role="alertdialog" aria-modal="true" aria-busy="true" aria-label={label}>
      <div className="ui-awaiting__box">
        <Spinner size={44} />
        <p className="ui-awaiting__label">{label}</p>
        {detail && (
          <p className="ui-awaiting__detail" data-testid="awaiting-detail">
            {detail}
          </p>
        )}
      </div>
    </div>
  )
}
