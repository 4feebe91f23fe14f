import type { ReactNode } from 'react'
import './pageFrame.css'
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'
import { RelatedLinks } from './RelatedLinks.tsx'
import { PAGES } from '../../lib/pages.ts'
import type { PagePath } from '../../lib/pages.ts'

/**
 * The frame of a page with sections (stake, FOM and mining pages): title and lead, the section tabs (game, mine, team) when given,
 * the content, and the related links.
 */
export function PageFrame({
  path,
  tabs,
  children,
}: {
  path: PagePath
  tabs?: readonly PagePath[]
  children: ReactNode
}) {
  const { t, i18n } = useLingui()
  const page = PAGES[path]
  return (
    <div className="app-page" data-testid="page" data-path={path}>
      <header className="app-page__header">
        <h1 className="app-page__title">{i18n._(page.title)}</h1>
        <p className="app-page__lead">{i18n._(page.description)}</p>
      </header>
      {tabs && (
        <nav className="app-segment pool-tabs" aria-label={t`Pool pages`} data-testid="section-tabs">
          {tabs.map((tab) => (
            <Link
              key={tab}
              to={tab}
              className={tab === path ? 'app-segment__item is-active' : 'app-segment__item'}
              aria-current={tab === path ? 'page' : undefined}
            >
              {i18n._(PAGES[tab].title)}
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
