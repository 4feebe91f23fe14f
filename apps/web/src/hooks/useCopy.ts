import { useCallback } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useToast } from '@nexus/ui'

/**
 * Copies text to the clipboard and confirms with a success toast (SPEC.md §2, §8: "Copy Success").
 *
 * @example
 * const copy = useCopy()
 * <Button onClick={() => copy(inviteLink)}>Copy</Button>
 */
export function useCopy(): (text: string) => Promise<boolean> {
  const { t } = useLingui()
  const toast = useToast()
  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text)
        toast.success(t`Copy Success`)
        return true
      } catch {
        toast.error(t`Operate Error`)
        return false
      }
    },
    [t, toast],
  )
}
