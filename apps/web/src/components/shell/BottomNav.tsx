import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useMenu } from '../../hooks/useMenu.ts'
import { Icon } from '../Icon.tsx'

/**
 * The six tabs (home, burn, fomo, mine, mining, super fomo), each with an active variant (SPEC.md §2): the routes
 * declare them (`staticData.menu.tabs`, on the section layout routes), and a tab is active on every page of its
 * section.
 */
export function BottomNav() {
  const { t, i18n } = useLingui()
  const tabs = useMenu('tabs')
  return (
    <nav className="app-tabs" aria-label={t`Sections`} data-testid="bottom-nav">
      {tabs.map((tab) => {
        const { active } = tab
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
