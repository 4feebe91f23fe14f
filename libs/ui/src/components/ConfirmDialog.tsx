import { useEffect, useId, useRef } from 'react'
import type { ReactNode } from 'react'
import { Button } from './Button.tsx'

export type ConfirmDialogProps = {
  open: boolean
  title: ReactNode
  message?: ReactNode
  /** Button labels, already translated ("Confirm", "Cancel"). */
  confirmLabel: string
  cancelLabel: string
  onConfirm(): void
  onCancel(): void
}

/**
 * A modal question with Confirm and Cancel. Escape and a click on the backdrop cancel.
 *
 * @example
 * <ConfirmDialog open={open} title={t`Release order #3?`} confirmLabel={t`Confirm`} cancelLabel={t`Cancel`}
 *   onConfirm={release} onCancel={() => setOpen(false)} />
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId()
  const messageId = useId()
  const confirmRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    confirmRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, onCancel])

  if (!open) return null
  return (
    <div
      className="ui-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel()
      }}
    >
      <div
        className="ui-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message !== undefined ? messageId : undefined}
      >
        <h2 id={titleId} className="ui-dialog__title">
          {title}
        </h2>
        {message !== undefined && (
          <div id={messageId} className="ui-dialog__message">
            {message}
          </div>
        )}
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button ref={confirmRef} variant="primary" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  )
}
