import { useEffect, useRef } from 'react'
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useIsManager } from '../../hooks/useIsManager.ts'
import { useMenu } from '../../hooks/useMenu.ts'
import type { MenuName } from '../../lib/routeMeta.ts'
import { Icon } from '../Icon.tsx'
import { DevWalletAccounts } from '../wallet/DevWalletAccounts.tsx'

/**
 * The drawer menu: the six sections, the public transparency page (admin actions and solvency), and the four admin
 * screens for managers only (SPEC.md §2, §6). The routes declare their entries (`staticData.menu`).
 */
export function SideMenu({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useLingui()
  const manager = useIsManager()
  const closeRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    closeRef.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, onClose])

  return (
    <div className={open ? 'app-drawer is-open' : 'app-drawer'} aria-hidden={!open} inert={!open}>
      <div className="app-drawer__scrim" onClick={onClose} />
      <nav id="app-side-menu" className="app-drawer__panel" aria-label={t`Main menu`} data-testid="side-menu">
        <div className="app-drawer__head">
          <span className="app-drawer__title">{t`Menu`}</span>
          <button ref={closeRef} type="button" className="app-iconbtn" aria-label={t`Close menu`} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <MenuList menu="main" onNavigate={onClose} />
        <MenuList menu="more" onNavigate={onClose} testId="transparency-menu" />
        {manager && (
          <>
            <p className="app-drawer__section">{t`Administration`}</p>
            <MenuList menu="admin" onNavigate={onClose} testId="admin-menu" />
          </>
        )}
        {/* Dev and test builds only: a constant false drops it from production builds. */}
        {__DEV_WALLET__ && <DevWalletAccounts />}
      </nav>
    </div>
  )
}

function MenuList({ menu, onNavigate, testId }: { menu: MenuName; onNavigate(): void; testId?: string }) {
  const { i18n } = useLingui()
  const items = useMenu(menu)
  return (
    <ul className="app-menu" data-testid={testId}>
      {items.map((item) => {
        const { active } = item
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              className={active ? 'app-menu__link is-active' : 'app-menu__link'}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              <Icon name={item.icon} />
              <span>{i18n._(item.label)}</span>
              <Icon name="chevron" size={16} className="app-menu__chev" />
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
