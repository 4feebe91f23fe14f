import { useCallback } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useToast } from '@nexus/ui'

/** An action that is not available yet: shows the "Come Soon" info toast (SPEC.md §2, §8). */
export function useComingSoon(): () => void {
  const { t } = useLingui()
  const toast = useToast()
  return useCallback(() => void toast.info(t`Come Soon`), [t, toast])
}
