import { useState } from 'react'
import { I18nProvider } from '@lingui/react'
import { ErrorBoundary } from '@nexus/ui'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { WagmiProvider } from 'wagmi'
import { FeedbackProvider } from './components/feedback/FeedbackProvider.tsx'
import { IndexerSyncProvider } from './data/indexerSync.ts'
import { DevWalletContext } from './lib/devWalletContext.ts'
import type { DevWalletControl } from './lib/devWalletContext.ts'
import { RouteError } from './components/shell/RouteError.tsx'
import { env } from './lib/env.ts'
import { i18n } from './lib/i18n.ts'
import { createQueryClient } from './lib/queryClient.ts'
import { createWagmiConfig } from './lib/wagmiConfig.ts'
import type { AppWagmiConfig } from './lib/wagmiConfig.ts'
import { createAppRouter } from './router.tsx'

declare module 'wagmi' {
  interface Register {
    config: AppWagmiConfig
  }
}

export type AppProps = {
  /** Replaces the default config, e.g. with one that adds the development wallet's connector. */
  wagmiConfig?: AppWagmiConfig
  /** The development wallet of dev and test builds on the local chain (main.tsx); absent in production. */
  devWallet?: DevWalletControl | null
}

/** Everything the pages rely on: languages, chain and wallet (wagmi), React Query, GraphQL, feedback, routes. */
export function App({ wagmiConfig, devWallet = null }: AppProps) {
  const [clients] = useState(() => ({
    wagmi: wagmiConfig ?? createWagmiConfig(env),
    query: createQueryClient(),
    router: createAppRouter(),
  }))
  return (
    <I18nProvider i18n={i18n}>
      <ErrorBoundary fallback={(error) => <RouteError error={error} />}>
        <WagmiProvider config={clients.wagmi}>
          <QueryClientProvider client={clients.query}>
            <IndexerSyncProvider url={env.graphqlUrl}>
              <DevWalletContext.Provider value={devWallet}>
                <FeedbackProvider>
                  <RouterProvider router={clients.router} />
                </FeedbackProvider>
              </DevWalletContext.Provider>
            </IndexerSyncProvider>
          </QueryClientProvider>
        </WagmiProvider>
      </ErrorBoundary>
    </I18nProvider>
  )
}
