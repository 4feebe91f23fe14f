import { useSession } from '../data/session.tsx'

/**
 * Whether the connected account may see the admin screens (SPEC.md §6): the owner of Main, the manager in Main's
 * config, or one of the operator's VITE_EXTRA_MANAGERS (the SDK's `isManager`).
 *
 * @example
 * const manager = useIsManager()
 */
export function useIsManager(): boolean {
  return useSession().manager
}
