import type { ReactNode } from 'react'

/** One value out of `options`: what `Segmented` and `SelectField` share. */
export type ChoiceProps<T extends string | number> = {
  /** What the choice is about (e.g. "Pay with"). */
  label: string
  options: readonly T[]
  value: NoInfer<T>
  onChange(value: NoInfer<T>): void
  testId?: string
}

export type SegmentedProps<T extends string | number> = ChoiceProps<T> & {
  /** How an option reads (default: the value itself). */
  render?: (option: T) => ReactNode
  /** Each option's test id is this prefix followed by the option (e.g. `pay-` → `pay-USDT`). */
  testIdPrefix?: string
}

/** A one-of-few choice (pay with USDT or NEX, slippage) as a radio group of segment buttons. */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
  render = (option) => option,
  testIdPrefix,
  testId,
}: SegmentedProps<T>) {
  return (
    <div className="app-segment" role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          className={value === option ? 'app-segment__item is-active' : 'app-segment__item'}
          data-testid={testIdPrefix === undefined ? undefined : `${testIdPrefix}${option}`}
          onClick={() => onChange(option)}
        >
          {render(option)}
        </button>
      ))}
    </div>
  )
}
