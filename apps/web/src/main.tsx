import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@nexus/ui/styles.css'
import './styles/app.css'
import { App } from './App.tsx'
import { env } from './lib/env.ts'
import { activateLocale, loadCatalogs, readLocale } from './lib/i18n.ts'
import { pageOfMatches } from './lib/routeMeta.ts'
import { createAppRouter } from './router.tsx'
import type { DevWalletControl } from './lib/devWalletContext.ts'

const root = document.getElementById('root')
if (!root) throw new Error('index.html lacks the #root element')

// Every route change starts at the top, also back and forward (SPEC.md §2); the browser must not restore positions.
window.history.scrollRestoration = 'manual'

/** The local chain's id: the development wallet exists there only. */
const LOCAL_CHAIN_ID = 31337

// The development wallet: dev server and test builds (__DEV_WALLET__, a build-time constant) on the local chain
// only. In production builds the condition is the constant false and the bundler drops the module.
async function loadDevWallet() {
  if (!__DEV_WALLET__ || env.chainId !== LOCAL_CHAIN_ID) return undefined
  const { createDevWallet } = await import('./lib/devWallet.ts')
  return createDevWallet(env.rpcUrl, env.chainId)
}

// The first page's catalogs load with the shell's (one round of catalogs before the first paint, not two): named
// before the language is activated, activateLocale loads them together.
const router = createAppRouter()
void loadCatalogs(pageOfMatches(router.matchRoutes(window.location.pathname))?.catalogs ?? [])

// The first paint waits for the saved language's catalog, so no text flashes in the other language.
Promise.all([activateLocale(readLocale(window.localStorage), window.localStorage), loadDevWallet()]).then(
  ([, devWallet]) => {
    const control: DevWalletControl | null = devWallet?.provider ?? null
    createRoot(root).render(
      <StrictMode>
        <App extraConnectors={devWallet ? [devWallet.connector] : []} devWallet={control} router={router} />
      </StrictMode>,
    )
  },
)
