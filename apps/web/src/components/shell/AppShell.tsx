import { useCallback, useEffect, useState } from 'react'
import { Outlet, useLocation, useMatches } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { ChainDataProvider } from '../../data/ChainData.tsx'
import { IndexerScope } from '../../data/indexerScope.ts'
import { SessionProvider } from '../../data/session.tsx'
import { env } from '../../lib/env.ts'
import { pageOfMatches } from '../../lib/routeMeta.ts'
import { NetworkGuard } from '../wallet/NetworkGuard.tsx'
import { RegistrationOverlay } from '../wallet/RegistrationOverlay.tsx'
import { WalletWatcher } from '../wallet/WalletWatcher.tsx'
import { BottomNav } from './BottomNav.tsx'
import { Footer } from './Footer.tsx'
import { InviteCodeNotice } from './InviteCodeNotice.tsx'
import { SideMenu } from './SideMenu.tsx'
import { TopBar } from './TopBar.tsx'

/**
 * The frame of every page: top bar, side menu, content, footer and bottom navigation; the page's chain data
 * (refresh cycle), the session (registration, managers) and the wallet guards (account and chain changes,
 * wrong network, registration).
 */
export function AppShell() {
  const { t, i18n } = useLingui()
  const { pathname } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const closeMenu = useCallback(() => setMenuOpen(false), [])

  // Every route change starts at the top of the page (SPEC.md §2) and closes the menu.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
    setMenuOpen(false)
  }, [pathname])

  // The title of the deepest matched route with a page (`staticData.page`), none on a path that is no page.
  const page = useMatches({ select: pageOfMatches })
  const brand = t`NEXUS`
  const title = page ? i18n._(page.title) : undefined
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand
  }, [title, brand])

  return (
    <ChainDataProvider env={env}>
      <SessionProvider>
        <div className="app">
          <TopBar onMenu={() => setMenuOpen((open) => !open)} menuOpen={menuOpen} />
          <InviteCodeNotice />
          <main className="app-main" id="main">
            <IndexerScope>
              <Outlet />
            </IndexerScope>
          </main>
          <Footer />
          <BottomNav />
          <SideMenu open={menuOpen} onClose={closeMenu} />
        </div>
        <WalletWatcher />
        <NetworkGuard />
        <RegistrationOverlay />
      </SessionProvider>
    </ChainDataProvider>
  )
}
