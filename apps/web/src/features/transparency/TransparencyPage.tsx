import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'
import { usePage } from '../../hooks/usePage.ts'
import { RelatedLinks } from '../../components/pages/RelatedLinks.tsx'
import { TimelockOperations } from '../../components/blocks/timelock/TimelockOperations.tsx'
import { AdminActions } from './AdminActions.tsx'
import { KeeperPanel } from './KeeperPanel.tsx'
import { PowersPanel } from './PowersPanel.tsx'
import { SolvencyPanel } from './SolvencyPanel.tsx'
import { useTransparencyModel } from './useTransparencyModel.ts'
import './transparency.css'

/** `/transparency` (public): every privileged action, newest first, and the live solvency of each fund holder. */
export function TransparencyPage() {
  const { t, i18n } = useLingui()
  const { page } = usePage()
  const model = useTransparencyModel()
  return (
    <div className="app-page" data-testid="page" data-path="/transparency">
      <header className="app-page__header">
        <h1 className="app-page__title">{i18n._(page.title)}</h1>
        <p className="app-page__lead">{i18n._(page.description)}</p>
      </header>
      <PowersPanel powers={model.powers} />
      <Card title={t`Pending owner actions`} data-testid="pending-owner-actions">
        <p className="app-muted">
          {t`Owner actions scheduled on the Timelock that have not run yet: each runs only once its time has come and someone executes it.`}
        </p>
        <TimelockOperations only={['pending', 'ready']} />
      </Card>
      <SolvencyPanel solvency={model.solvency} />
      <KeeperPanel jobs={model.keeper} />
      <AdminActions actions={model.actions} />
      <p className="app-muted">{t`Figures come straight from the contracts and the indexer; nothing here is entered by hand.`}</p>
      <RelatedLinks paths={page.related} />
    </div>
  )
}
