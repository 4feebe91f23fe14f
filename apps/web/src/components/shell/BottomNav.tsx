import { Link, useLocation } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { BOTTOM_TABS, isNavActive } from '../../lib/navigation.ts'
import { Icon } from '../Icon.tsx'

/** The six tabs (home, burn, fomo, mine, mining, super fomo), each with an active variant (SPEC.md §2). */
export function BottomNav() {
  const { t, i18n } = useLingui()
  const { pathname } = useLocation()
  return (
    <nav className="app-tabs" aria-label={t`Sections`} data-testid="bottom-nav">
      {BOTTOM_TABS.map((tab) => {
        const active = isNavActive(tab, pathname)
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={active ? 'app-tab is-active' : 'app-tab'}
            aria-current={active ? 'page' : undefined}
          >
            <span className="app-tab__icon">
              <Icon name={tab.icon} />
            </span>
            <span className="app-tab__label">{i18n._(tab.label)}</span>
          </Link>
        )
      })}
    </nav>
  )
}
