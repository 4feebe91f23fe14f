import { QueryClient } from '@tanstack/react-query'

/**
 * The React Query client of the legacy API's data (data/login.ts `useLegacyQuery`): one for the app, passed to the
 * hooks that use it, so that React Query loads with the pages that show such data, not with the first load of `/`.
 * Pages drive their own refresh cycle (SPEC.md §2).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 1_000 },
  },
})
