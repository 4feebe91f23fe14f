import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { AwaitingOverlay, ConfirmDialog, ToastProvider } from '@nexus/ui'

export type ConfirmRequest = { title: ReactNode; message?: ReactNode }

type Feedback = {
  /** Shows the AWAITING overlay until `work` settles, and returns its result (SPEC.md §2). */
  awaiting<T>(work: Promise<T> | (() => Promise<T>)): Promise<T>
  /** Asks a Confirm/Cancel question; resolves true on Confirm. */
  confirm(request: ConfirmRequest): Promise<boolean>
}

const FeedbackContext = createContext<Feedback | null>(null)

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
  const [question, setQuestion] = useState<ConfirmRequest | null>(null)
  const resolver = useRef<((answer: boolean) => void) | null>(null)

  const awaiting = useCallback(async <T,>(work: Promise<T> | (() => Promise<T>)): Promise<T> => {
    setPending((count) => count + 1)
    try {
      return await (typeof work === 'function' ? work() : work)
    } finally {
      setPending((count) => count - 1)
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

  const value = useMemo(() => ({ awaiting, confirm }), [awaiting, confirm])
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
        <AwaitingOverlay open={pending > 0} label={t`AWAITING`} />
      </FeedbackContext.Provider>
    </ToastProvider>
  )
}

/** The AWAITING overlay and confirm dialogs of the nearest {@link FeedbackProvider}. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext)
  if (!feedback) throw new Error('useFeedback must be used inside a <FeedbackProvider>')
  return feedback
}
