import { QueryClient } from '@tanstack/react-query'

/** The React Query client behind wagmi's hooks; pages drive their own refresh cycle (SPEC.md §2). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 1_000 },
    },
  })
}
