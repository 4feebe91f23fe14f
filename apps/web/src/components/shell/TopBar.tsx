import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Icon } from '../Icon.tsx'
import { WalletButton } from '../wallet/WalletButton.tsx'
import { LanguageToggle } from './LanguageToggle.tsx'

/** Logo, wallet (address or UNCONNECT), language toggle and the menu button (SPEC.md §2). */
export function TopBar({ onMenu, menuOpen }: { onMenu(): void; menuOpen: boolean }) {
  const { t } = useLingui()
  return (
    <header className="app-topbar">
      <div className="app-topbar__inner">
        <Link to="/" className="app-brand" aria-label={t`NEXUS home`}>
          <img src="/favicon.svg" alt="" width={30} height={30} />
          <span className="app-brand__name">{t`NEXUS`}</span>
        </Link>
        <div className="app-topbar__actions">
          <WalletButton />
          <LanguageToggle />
          <button
            type="button"
            className="app-iconbtn"
            data-testid="menu-button"
            aria-label={t`Menu`}
            aria-expanded={menuOpen}
            aria-controls="app-side-menu"
            onClick={onMenu}
          >
            <Icon name="menu" />
          </button>
        </div>
      </div>
    </header>
  )
}
