import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'
import { Button } from './Button.tsx'

export type ErrorFallbackProps = {
  /** Title and explanation, already translated. */
  title: string
  message: string
  /** Label of the reload button, already translated. */
  reloadLabel: string
  /** Called by the reload button; defaults to reloading the page. */
  onReload?: () => void
}

/**
 * A full-width message with a reload button, for errors that a reload fixes (a chunk that failed to load).
 *
 * @example
 * <ErrorFallback title={t`Page failed to load`} message={t`Check your connection`} reloadLabel={t`Reload`} />
 */
export function ErrorFallback({ title, message, reloadLabel, onReload }: ErrorFallbackProps) {
  return (
    <div className="ui-error" role="alert">
      <svg className="ui-error__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3l10 18H2L12 3z" />
        <path d="M12 10v5M12 17.5v.5" />
      </svg>
      <h2 className="ui-error__title">{title}</h2>
      <p className="ui-error__message">{message}</p>
      <Button variant="primary" onClick={onReload ?? (() => window.location.reload())}>
        {reloadLabel}
      </Button>
    </div>
  )
}

export type ErrorBoundaryProps = {
  children: ReactNode
  /** Renders the replacement for the failed subtree. */
  fallback: (error: Error, reset: () => void) => ReactNode
  onError?: (error: Error, info: ErrorInfo) => void
}

type ErrorBoundaryState = { error: Error | null }

/**
 * Catches render errors below it and shows `fallback` instead of a blank page.
 *
 * @example
 * <ErrorBoundary fallback={() => <ErrorFallback title={t`Something went wrong`} … />}><App /></ErrorBoundary>
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info)
  }

  reset = () => this.setState({ error: null })

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.reset)
    return this.props.children
  }
}
