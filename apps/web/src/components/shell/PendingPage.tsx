import { useEffect, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Spinner } from '@nexus/ui'
import { RouteError } from './RouteError.tsx'

/** How long a page's chunk may take before the app gives up on it (SPEC.md §8, §9: 120 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
/** The router shows this component only after a page has been pending this long (router.tsx). */
export const PENDING_MS = 1_000

/**
 * Shown while a page's chunk is on its way; after the chunk load timeout it turns into the "failed to load"
 * message with its reload button.
 */
export function PendingPage() {
  const { t } = useLingui()
  const [timedOut, setTimedOut] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), CHUNK_LOAD_TIMEOUT_MS - PENDING_MS)
    return () => clearTimeout(timer)
  }, [])
  if (timedOut) {
    const error = new Error(`Loading chunk timed out after ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`)
    error.name = 'ChunkLoadError'
    return <RouteError error={error} />
  }
  return (
    <div className="app-pending">
      <Spinner size={32} label={t`Loading`} />
    </div>
  )
}
