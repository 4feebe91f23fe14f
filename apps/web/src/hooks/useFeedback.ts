import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'

export type ConfirmRequest = { title: ReactNode; message?: ReactNode }

export type Feedback = {
  /** Shows the AWAITING overlay until `work` settles, and returns its result (SPEC.md §2). */
  awaiting<T>(work: Promise<T> | (() => Promise<T>)): Promise<T>
  /** Shows what the AWAITING overlay waits for under its label (e.g. "1 of 2: Approve USDT") until the wait ends. */
  detail(text: string | undefined): void
  /** Asks a Confirm/Cancel question; resolves true on Confirm. */
  confirm(request: ConfirmRequest): Promise<boolean>
  /**
   * Runs `work` unless another exclusive work is still running, in which case it resolves `undefined` at once
   * without running it: the wallet signs one thing at a time, so a double click (or a second button pressed
   * before the page repaints) sends one transaction or one signature request.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T | undefined>
}

export const FeedbackContext = createContext<Feedback | null>(null)

/** The AWAITING overlay and confirm dialogs of the nearest FeedbackProvider (components/feedback). */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext)
  if (!feedback) throw new Error('useFeedback must be used inside a <FeedbackProvider>')
  return feedback
}
