import { useState } from 'react'
import { I18nProvider } from '@lingui/react'
import { ErrorBoundary } from '@nexus/ui'
import { RouterProvider } from '@tanstack/react-router'
import type { CreateConnectorFn } from 'wagmi'
import { FeedbackProvider } from './components/feedback/FeedbackProvider.tsx'
import { IndexerSyncProvider } from './data/indexerSync.ts'
import { Wallet, WalletProvider } from './data/wallet.tsx'
import { DevWalletContext } from './lib/devWalletContext.ts'
import type { DevWalletControl } from './lib/devWalletContext.ts'
import { RouteError } from './components/shell/RouteError.tsx'
import { env } from './lib/env.ts'
import { i18n } from './lib/i18n.ts'
import { createAppRouter } from './router.tsx'

export type AppProps = {
  /** Connectors besides the injected ones, e.g. the development wallet's (main.tsx, local test builds only). */
  extraConnectors?: readonly CreateConnectorFn[]
  /** The development wallet of dev and test builds on the local chain (main.tsx); absent in production. */
  devWallet?: DevWalletControl | null
  /** The app's router, when the entry made it already (main.tsx: to load the first page's catalogs early). */
  router?: ReturnType<typeof createAppRouter>
}

/**
 * Everything the pages rely on: languages, the wallet (wagmi, loaded right after the first paint), GraphQL status,
 * feedback, routes. Chain reads load with the first refresh (data/ChainData.tsx), urql with the first list
 * (data/indexerScope.ts), React Query with the legacy API's data (lib/queryClient.ts).
 */
export function App({ extraConnectors = [], devWallet = null, router }: AppProps) {
  const [clients] = useState(() => ({
    wallet: new Wallet(() =>
      import('./lib/walletRuntime.ts').then((module) => module.startWalletRuntime({ ...env, extraConnectors })),
    ),
    router: router ?? createAppRouter(),
  }))
  return (
    <I18nProvider i18n={i18n}>
      <ErrorBoundary fallback={(error) => <RouteError error={error} />}>
        <WalletProvider wallet={clients.wallet}>
          <IndexerSyncProvider url={env.graphqlUrl}>
            <DevWalletContext.Provider value={devWallet}>
              <FeedbackProvider>
                <RouterProvider router={clients.router} />
              </FeedbackProvider>
            </DevWalletContext.Provider>
          </IndexerSyncProvider>
        </WalletProvider>
      </ErrorBoundary>
    </I18nProvider>
  )
}
