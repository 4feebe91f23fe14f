import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'
import { PAGES } from '../../lib/pages.ts'
import type { PagePath } from '../../lib/pages.ts'
import { Icon } from '../Icon.tsx'
import { RelatedLinks } from './RelatedLinks.tsx'

/** A page that a later release fills: its title, what it will do, and a clear "coming" state. */
export function ComingSoonPage({ path }: { path: PagePath }) {
  const { t, i18n } = useLingui()
  const page = PAGES[path]
  return (
    <div className="app-page" data-testid="page" data-path={path}>
      <header className="app-page__header">
        {page.admin && <span className="app-badge">{t`Admin`}</span>}
        <h1 className="app-page__title">{i18n._(page.title)}</h1>
        <p className="app-page__lead">{i18n._(page.description)}</p>
      </header>
      <Card className="app-soon" data-testid="coming-soon">
        <div className="app-soon__icon">
          <Icon name="clock" size={30} />
        </div>
        <h2 className="app-soon__title">{t`Coming with the next release`}</h2>
        <p className="app-soon__text">{t`This page is being built and arrives with the next release of the app.`}</p>
      </Card>
      <RelatedLinks paths={page.related} />
    </div>
  )
}
