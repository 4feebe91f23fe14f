import type { ReactNode } from 'react'
import type { ChoiceProps } from './Segmented.tsx'

export type SelectFieldProps<T extends string | number> = ChoiceProps<T> & {
  /** How an option reads (default: the value itself); a list option holds text only. */
  render?: (option: T) => string
  /** The label's class (default `app-field`). */
  className?: string
  /** Shown under the list, inside the label (a hint about the chosen option). */
  children?: ReactNode
}

/** A one-of-many choice (a filter, a card, a level) as a labelled native list. */
export function SelectField<T extends string | number>({
  label,
  options,
  value,
  onChange,
  render = String,
  testId,
  className = 'app-field',
  children,
}: SelectFieldProps<T>) {
  return (
    <label className={className}>
      <span className="app-field__label">{label}</span>
      <select
        className="app-input"
        data-testid={testId}
        value={String(value)}
        onChange={(event) => {
          // The list holds the options' texts: hand back the option itself (a number stays a number).
          const chosen = options.find((option) => String(option) === event.target.value)
          if (chosen !== undefined) onChange(chosen)
        }}
      >
        {options.map((option) => (
          <option key={String(option)} value={String(option)}>
            {render(option)}
          </option>
        ))}
      </select>
      {children}
    </label>
  )
}
