import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'
import { RelatedLinks } from '../../pages/RelatedLinks.tsx'
import { usePage } from '../../../hooks/usePage.ts'
import './account.css'

/** The frame of the account pages: title and lead of its route (`staticData.page`), the content, the related links. */
export function AccountPage({ children }: { children: ReactNode }) {
  const { i18n } = useLingui()
  const { path, page } = usePage()
  return (
    <div className="app-page" data-testid="page" data-path={path}>
      <header className="app-page__header">
        <h1 className="app-page__title">{i18n._(page.title)}</h1>
        <p className="app-page__lead">{i18n._(page.description)}</p>
      </header>
      {children}
      <RelatedLinks paths={page.related} />
    </div>
  )
}

/** What an account page shows before a wallet is connected. */
export function ConnectPrompt() {
  const { t } = useLingui()
  return (
    <Card className="app-soon" data-testid="connect-prompt">
      <h2 className="app-soon__title">{t`Connect your wallet`}</h2>
      <p className="app-soon__text">{t`Your figures and lists show here once a wallet is connected.`}</p>
    </Card>
  )
}

/** What a page shows when its contract is not deployed on the chain the app is built for. */
export function NotDeployed({ name }: { name: string }) {
  const { t } = useLingui()
  return (
    <Card className="app-soon" data-testid="not-deployed">
      <h2 className="app-soon__title">{t`${name} is not deployed on this network yet`}</h2>
    </Card>
  )
}
