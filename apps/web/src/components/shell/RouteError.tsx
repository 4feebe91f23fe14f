import { useLingui } from '@lingui/react/macro'
import { ErrorFallback, isChunkLoadError } from '@nexus/ui'

/**
 * Shown instead of a page whose code or stylesheet failed to load (SPEC.md §8), or that failed to render:
 * a message and a reload button, never a blank page.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useLingui()
  if (isChunkLoadError(error)) {
    return (
      <ErrorFallback
        title={t`This page failed to load`}
        message={t`The network may be slow or a new version was released. Reload to try again.`}
        reloadLabel={t`Reload`}
      />
    )
  }
  return (
    <ErrorFallback
      title={t`Something went wrong`}
      message={t`The page ran into an error. Reload to try again.`}
      reloadLabel={t`Reload`}
    />
  )
}
