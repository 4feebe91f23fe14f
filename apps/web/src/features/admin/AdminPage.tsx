import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Button, Card, Spinner } from '@nexus/ui'
import { Link } from '@tanstack/react-router'
import { useRefreshChain } from '../../data/ChainData.tsx'
import { useSession } from '../../data/session.tsx'
import { useIsManager } from '../../hooks/useIsManager.ts'
import { usePage } from '../../hooks/usePage.ts'
import { RelatedLinks } from '../../components/pages/RelatedLinks.tsx'
import { TimelockOperations } from '../../components/blocks/timelock/TimelockOperations.tsx'
import { zeroAddress } from 'viem'
import { deployed } from '../../lib/deployment.ts'
import { useOwnerAccess } from './useOwnerAccess.ts'
import { adminPageState, rightsNote } from './adminPageModel.ts'
import './admin.css'

export type AdminPath = '/manager' | '/managerSuper' | '/managerFom' | '/managerMining'

/**
 * The frame of an admin screen: only managers see the forms (SPEC.md §6); anyone else gets a clear refusal.
 * Admin screens never refresh on their own (SPEC.md §2), so a manager reloads the values on demand.
 */
export function AdminPage({ path, children }: { path: AdminPath; children: ReactNode }) {
  const { t, i18n } = useLingui()
  const { page } = usePage()
  const manager = useIsManager()
  const { account, registered } = useSession()
  const refresh = useRefreshChain()
  const state = adminPageState({ account, registered, manager })
  return (
    <div className="app-page" data-testid="page" data-path={path}>
      <header className="app-page__header">
        <h1 className="app-page__title">{i18n._(page.title)}</h1>
        <p className="app-page__lead">{i18n._(page.description)}</p>
      </header>
      {state === 'loading' ? (
        <Card>
          <Spinner label={t`Loading`} />
        </Card>
      ) : state === 'manager' ? (
        <>
          <div className="admin-toolbar">
            <p className="app-muted">{t`These values are read once: reload them before changing anything.`}</p>
            <Button variant="secondary" data-testid="admin-reload" onClick={() => void refresh()}>
              {t`Reload values`}
            </Button>
            <Link to="/transparency" className="app-link">{t`Admin actions and solvency`}</Link>
          </div>
          <RightsNote />
          <div className="admin-forms" data-testid="admin-forms">
            {children}
          </div>
          <Card title={t`Owner actions`} data-testid="owner-actions">
            <p className="app-muted">
              {t`Changes to owner settings wait in the Timelock for its delay, then anyone may execute them; the admin may cancel them until then.`}
            </p>
            <TimelockOperations />
          </Card>
          <ReadOnce />
        </>
      ) : (
        <Card className="app-soon" data-testid="not-manager">
          <h2 className="app-soon__title">{t`Not a manager`}</h2>
          <p className="app-muted">
            {account
              ? t`This wallet is not a manager: only the owner of the main contract, the Timelock's admin, Main's manager and the operator's managers may use this screen. The contracts refuse anyone else.`
              : t`Connect a manager's wallet to use this screen.`}
          </p>
        </Card>
      )}
      <RelatedLinks paths={page.related} />
    </div>
  )
}

/** What this wallet may do on the screen: every owner setting (directly or through the Timelock), or only read. */
function RightsNote() {
  const { t } = useLingui()
  const main = deployed('Main')
  const access = rightsNote(main !== undefined, useOwnerAccess(main ?? zeroAddress))
  if (access === undefined) return null
  return (
    <p className="app-muted" data-testid="admin-rights" data-access={access}>
      {access === 'owner'
        ? t`This wallet owns the contracts: every change below is made directly.`
        : access === 'proposer'
          ? t`The contracts are owned by the Timelock and this wallet is its admin: every change below is scheduled and applied after the delay.`
          : t`This wallet is a manager, not the owner: the owner's settings are shown read-only, and only the forms this wallet may use are offered.`}
    </p>
  )
}

/**
 * Reads the forms' values once they are shown: admin screens skip the periodic refresh, and the forms appear
 * only after the first refresh told that the wallet is a manager. Rendered after the forms, so that their reads
 * are registered when this runs.
 */
function ReadOnce() {
  const refresh = useRefreshChain()
  useEffect(() => {
    void refresh()
  }, [refresh])
  return null
}

/** A notice for a contract that is not deployed on this network. */
export function NotDeployed({ name }: { name: string }) {
  const { t } = useLingui()
  return (
    <Card className="app-soon">
      <h2 className="app-soon__title">{t`${name} is not deployed on this network`}</h2>
    </Card>
  )
}
