import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'

/** Unknown paths. */
export function NotFoundPage() {
  const { t } = useLingui()
  return (
    <div className="app-page">
      <Card className="app-soon">
        <h1 className="app-page__title">{t`Page not found`}</h1>
        <p className="app-soon__text">{t`There is no page at this address.`}</p>
        <Link to="/" className="ui-btn ui-btn--primary ui-btn--md">
          {t`Back to home`}
        </Link>
      </Card>
    </div>
  )
}
