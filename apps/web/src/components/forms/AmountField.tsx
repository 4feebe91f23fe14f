import type { ReactNode } from 'react'

export type AmountFieldProps = {
  /** What to type, e.g. "Amount (USDT)". */
  label: ReactNode
  /** Shown after the label, e.g. the balance. */
  hint?: ReactNode
  value: string
  onChange(value: string): void
  testId: string
  /** `decimal` for token amounts, `numeric` for whole units. @default 'decimal' */
  inputMode?: 'decimal' | 'numeric'
  placeholder?: string
}

/** The amount input of a write form: label, optional hint, and a text input the SDK's strict parser checks on send. */
export function AmountField({
  label,
  hint,
  value,
  onChange,
  testId,
  inputMode = 'decimal',
  placeholder,
}: AmountFieldProps) {
  return (
    <label className="app-field">
      <span className="app-field__label">
        {label}
        {hint === undefined ? null : <span className="app-muted">{hint}</span>}
      </span>
      <input
        className="app-input"
        inputMode={inputMode}
        placeholder={placeholder}
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  )
}
