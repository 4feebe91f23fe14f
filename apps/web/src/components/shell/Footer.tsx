import { useLingui } from '@lingui/react/macro'

/** "2025" and "Based on Binance Smart Chain" (SPEC.md §2). */
export function Footer() {
  const { t } = useLingui()
  return (
    <footer className="app-footer" data-testid="footer">
      <span>{t`2025`}</span>
      <span aria-hidden="true">·</span>
      <span>{t`Based on Binance Smart Chain`}</span>
    </footer>
  )
}
