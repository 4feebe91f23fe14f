import type { ComponentPropsWithRef } from 'react'
import { cx } from '../lib/cx.ts'
import { Spinner } from './Spinner.tsx'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant
  size?: 'sm' | 'md' | 'lg'
  /** Stretches the button to its container's width. */
  block?: boolean
  /** Shows a spinner and disables the button. */
  loading?: boolean
}

/**
 * The product's button.
 *
 * @example
 * <Button variant="primary" onClick={mint}>Mint</Button>
 */
export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx('ui-btn', `ui-btn--${variant}`, `ui-btn--${size}`, block && 'ui-btn--block', className)}
    >
      {loading && <Spinner size={16} />}
      {children}
    </button>
  )
}
