import type { ReactNode } from 'react'

/**
 * A write form: submitting (button or Enter) runs `onSubmit` instead of reloading the page; the action reports its
 * own outcome (the shared write flow shows the AWAITING overlay and the result).
 */
export function ActionForm({ onSubmit, children }: { onSubmit(): unknown; children: ReactNode }) {
  return (
    <form
      className="app-form"
      onSubmit={(event) => {
        event.preventDefault()
        void onSubmit()
      }}
    >
      {children}
    </form>
  )
}
