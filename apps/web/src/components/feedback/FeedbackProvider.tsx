import { useCallback, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { AwaitingOverlay, ConfirmDialog, ToastProvider } from '@nexus/ui'
import { FeedbackContext } from '../../hooks/useFeedback.ts'
import type { ConfirmRequest } from '../../hooks/useFeedback.ts'

/**
 * Toasts, the global AWAITING overlay and Confirm/Cancel dialogs, with the product's translated labels.
 *
 * @example
 * const { awaiting, confirm } = useFeedback()
 * if (await confirm({ title: t`Release this order?` })) await awaiting(release())
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const [pending, setPending] = useState(0)
  const [detail, setDetail] = useState<string | undefined>(undefined)
  const [question, setQuestion] = useState<ConfirmRequest | null>(null)
  const resolver = useRef<((answer: boolean) => void) | null>(null)

  const awaiting = useCallback(async <T,>(work: Promise<T> | (() => Promise<T>)): Promise<T> => {
    setPending((count) => count + 1)
    try {
      return await (typeof work === 'function' ? work() : work)
    } finally {
      setPending((count) => count - 1)
      setDetail(undefined)
    }
  }, [])

  const busy = useRef(false)
  const exclusive = useCallback(async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined
    busy.current = true
    try {
      return await work()
    } finally {
      busy.current = false
    }
  }, [])

  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        // A new question replaces an open one, which counts as cancelled.
        resolver.current?.(false)
        resolver.current = resolve
        setQuestion(request)
      }),
    [],
  )

  const answer = useCallback((value: boolean) => {
    resolver.current?.(value)
    resolver.current = null
    setQuestion(null)
  }, [])
  const onConfirm = useCallback(() => answer(true), [answer])
  const onCancel = useCallback(() => answer(false), [answer])

  const value = useMemo(() => ({ awaiting, confirm, exclusive, detail: setDetail }), [awaiting, confirm, exclusive])
  return (
    <ToastProvider regionLabel={t`Notifications`}>
      <FeedbackContext.Provider value={value}>
        {children}
        <ConfirmDialog
          open={question !== null}
          title={question?.title}
          message={question?.message}
          confirmLabel={t`Confirm`}
          cancelLabel={t`Cancel`}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
        <AwaitingOverlay open={pending > 0} label={t`AWAITING`} detail={detail} />
      </FeedbackContext.Provider>
    </ToastProvider>
  )
}
