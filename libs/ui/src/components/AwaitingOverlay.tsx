import { Spinner } from './Spinner.tsx'

export type AwaitingOverlayProps = {
  open: boolean
  /** The text under the spinner, already translated (SPEC.md §2: AWAITING). */
  label: string
}

/**
 * Blocks the page with a spinner while a transaction is pending.
 *
 * @example
 * <AwaitingOverlay open={pending} label={t`AWAITING`} />
 */
export function AwaitingOverlay({ open, label }: AwaitingOverlayProps) {
  if (!open) return null
  return (
    <div className="ui-backdrop ui-awaiting" role="alertdialog" aria-modal="true" aria-busy="true" aria-label={label}>
      <div className="ui-awaiting__box">
        <Spinner size={44} />
        <p className="ui-awaiting__label">{label}</p>
      </div>
    </div>
  )
}
