import type { ReactNode } from 'react'
import './pageFrame.css'
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'
import { RelatedLinks } from './RelatedLinks.tsx'
import { usePage } from '../../hooks/usePage.ts'
import { useSectionTabs } from '../../hooks/useSectionTabs.ts'

/** The active tab (the router also marks it `aria-current="page"`), on its path whatever the search says. */
const ACTIVE_TAB = { className: 'is-active' }
const EXACT_PATH = { exact: true, includeSearch: false }

/**
 * The frame of a page with sections (stake, FOM and mining pages): title and lead of its route
 * (`staticData.page`), the tabs to the other pages of its section when the section's layout route asks for them
 * (game, mine, team), the content, and the related links.
 */
export function PageFrame({ children }: { children: ReactNode }) {
  const { t, i18n } = useLingui()
  const { path, page } = usePage()
  const tabs = useSectionTabs()
  return (
    <div className="app-page" data-testid="page" data-path={path}>
      <header className="app-page__header">
        <h1 className="app-page__title">{i18n._(page.title)}</h1>
        <p className="app-page__lead">{i18n._(page.description)}</p>
      </header>
      {tabs.length > 0 && (
        <nav className="app-segment pool-tabs" aria-label={t`Pool pages`} data-testid="section-tabs">
          {tabs.map((tab) => (
            <Link
              key={tab.path}
              to={tab.path}
              className="app-segment__item"
              activeProps={ACTIVE_TAB}
              activeOptions={EXACT_PATH}
            >
              {i18n._(tab.page.title)}
            </Link>
          ))}
        </nav>
      )}
      {children}
      <RelatedLinks paths={page.related} />
    </div>
  )
}

/** Shown instead of a page's content on a network where its contract is not deployed. */
export function NotDeployed({ testId }: { testId: string }) {
  const { t } = useLingui()
  return (
    <Card className="app-soon" data-testid={testId}>
      <h2 className="app-soon__title">{t`Not deployed on this network yet`}</h2>
      <p className="app-soon__text">{t`This contract has no deployment on the connected network.`}</p>
    </Card>
  )
}
