import { createFileRoute } from '@tanstack/react-router'
import { MinePage } from '../features/mine/MinePage.tsx'
import { parseMineSearch } from '../features/mine/mineSearch.ts'

export const Route = createFileRoute('/mine')({
  validateSearch: parseMineSearch,
  component: function MineRoute() {
    return <MinePage view={Route.useSearch().view} />
  },
})
