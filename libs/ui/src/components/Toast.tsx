import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'

export type ToastKind = 'success' | 'info' | 'warning' | 'error'

/** How long each kind of toast stays, in milliseconds (SPEC.md §8). */
export const TOAST_DURATIONS: Readonly<Record<ToastKind, number>> = {
  success: 2000,
  info: 2000,
  warning: 2000,
  error: 4000,
}

/** A link under a toast's text, e.g. the sent transaction on the chain's block explorer; the label is translated. */
export type ToastLink = { href: string; label: string }

export type ToastOptions = { link?: ToastLink }

export type ToastItem = { id: number; kind: ToastKind; message: string; link?: ToastLink }

export type ToastApi = {
  show(kind: ToastKind, message: string, options?: ToastOptions): number
  success(message: string, options?: ToastOptions): number
  info(message: string, options?: ToastOptions): number
  warning(message: string, options?: ToastOptions): number
  error(message: string, options?: ToastOptions): number
  dismiss(id: number): void
}

const ToastContext = createContext<ToastApi | null>(null)

export type ToastProviderProps = {
  children: ReactNode
  /** Accessible name of the toast region, already translated. */
  regionLabel?: string
}

/**
 * Holds the toasts and renders them above everything else. Messages come in translated.
 *
 * @example
 * <ToastProvider regionLabel={t`Notifications`}><App /></ToastProvider>
 */
export function ToastProvider({ children, regionLabel = 'Notifications' }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const nextId = useRef(1)
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id)
    if (timer !== undefined) clearTimeout(timer)
    timers.current.delete(id)
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  const show = useCallback(
    (kind: ToastKind, message: string, options?: ToastOptions) => {
      const id = nextId.current++
      setToasts((current) => [...current, { id, kind, message, ...(options?.link ? { link: options.link } : {}) }])
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATIONS[kind]),
      )
      return id
    },
    [dismiss],
  )

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
      pending.clear()
    }
  }, [])

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, options) => show('success', message, options),
      info: (message, options) => show('info', message, options),
      warning: (message, options) => show('warning', message, options),
      error: (message, options) => show('error', message, options),
    }),
    [show, dismiss],
  )

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="ui-toasts" aria-label={regionLabel} role="region">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`ui-toast ui-toast--${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            data-kind={toast.kind}
            onClick={() => dismiss(toast.id)}
          >
            <ToastIcon kind={toast.kind} />
            <span className="ui-toast__message">{toast.message}</span>
            {toast.link && (
              <a className="ui-toast__link" href={toast.link.href} target="_blank" rel="noopener noreferrer">
                {toast.link.label}
              </a>
            )}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

/**
 * The toast API of the nearest {@link ToastProvider}.
 *
 * @example
 * const toast = useToast()
 * toast.success(t`Copy Success`)
 */
export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast must be used inside a <ToastProvider>')
  return api
}

function ToastIcon({ kind }: { kind: ToastKind }) {
  const paths: Record<ToastKind, string> = {
    success: 'M5 12.5l4.5 4.5L19 7.5',
    info: 'M12 11v6M12 7.5v.5',
    warning: 'M12 7v6M12 16.5v.5',
    error: 'M8 8l8 8M16 8l-8 8',
  }
  return (
    <svg className="ui-toast__icon" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d={paths[kind]} />
    </svg>
  )
}
