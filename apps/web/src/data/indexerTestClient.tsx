import type { ReactNode } from 'react'
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import { Client, fetchExchange, Provider } from 'urql'
import { i18n } from '../lib/i18n.ts'

/** What the test indexer answers to one GraphQL request: data, an HTTP/network failure, or nothing (pending). */
export type IndexerAnswer = { data: unknown } | 'fail' | 'pending'

/**
 * Renders `ui` with urql's real fetch pipeline against an in-memory indexer: `answer` receives each request's
 * variables and returns the response. For component tests of the indexed lists.
 */
export function renderWithIndexer(ui: ReactNode, answer: (variables: Record<string, unknown>) => IndexerAnswer) {
  const requests: Record<string, unknown>[] = []
  const client = new Client({
    url: 'http://indexer.test/graphql',
    exchanges: [fetchExchange],
    requestPolicy: 'network-only',
    preferGetMethod: false,
    fetch: async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { variables?: Record<string, unknown> }
      const variables = body.variables ?? {}
      requests.push(variables)
      const reply = answer(variables)
      if (reply === 'pending') return new Promise<Response>(() => undefined)
      if (reply === 'fail') throw new TypeError('Failed to fetch')
      return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } })
    },
  })
  const result = render(
    <I18nProvider i18n={i18n}>
      <Provider value={client}>{ui}</Provider>
    </I18nProvider>,
  )
  return { ...result, requests }
}
