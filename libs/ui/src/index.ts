// The public entry of @nexus/ui: presentational components without chain or wallet code.
// Styles: import '@nexus/ui/styles.css' once in the app.
export { AwaitingOverlay, type AwaitingOverlayProps } from './components/AwaitingOverlay.tsx'
export { Button, type ButtonProps, type ButtonVariant } from './components/Button.tsx'
export { Card, type CardProps } from './components/Card.tsx'
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog.tsx'
export { Countdown, type CountdownLabels, type CountdownProps } from './components/Countdown.tsx'
export { EmptyState, type EmptyStateProps } from './components/EmptyState.tsx'
export {
  ErrorBoundary,
  ErrorFallback,
  type ErrorBoundaryProps,
  type ErrorFallbackProps,
} from './components/ErrorBoundary.tsx'
export { Spinner, type SpinnerProps } from './components/Spinner.tsx'
export {
  TOAST_DURATIONS,
  ToastProvider,
  useToast,
  type ToastApi,
  type ToastItem,
  type ToastKind,
  type ToastLink,
  type ToastOptions,
  type ToastProviderProps,
} from './components/Toast.tsx'
export { formatCountdown, type CountdownParts } from './lib/formatCountdown.ts'
export { isChunkLoadError } from './lib/isChunkLoadError.ts'
