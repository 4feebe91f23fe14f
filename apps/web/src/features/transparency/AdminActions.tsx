import { useLingui } from '@lingui/react/macro'
import { Button, Card, EmptyState, Spinner } from '@nexus/ui'
import { showTime } from '../../lib/format.ts'
import { SelectField } from '../../components/forms/SelectField.tsx'
import { ExplorerLink } from '../../components/ExplorerLink.tsx'
import type { AdminActionNode, ValueChange } from '../../components/blocks/timelock/adminActions.ts'
import { changeLabel, eventLabel, showChangeValue } from '../../components/blocks/timelock/adminActionText.ts'
import type { useAdminActionsModel } from './useTransparencyModel.ts'

/** Every privileged action on every contract, newest first, filterable by contract, 25 a page. */
export function AdminActions({ actions }: { actions: ReturnType<typeof useAdminActionsModel> }) {
  const { t } = useLingui()
  return (
    <Card title={t`Admin actions`} data-testid="admin-actions">
      <p className="app-muted">
        {t`Every privileged action on every contract, newest first, with its transaction and the old and new values where known.`}
      </p>
      <SelectField<string>
        label={t`Contract`}
        className="tp-filter"
        testId="admin-filter"
        options={['', ...actions.contracts]}
        value={actions.contract}
        onChange={actions.setContract}
        render={(name) => name || t`All contracts`}
      />
      {actions.state === 'loading' ? (
        <Spinner label={t`Loading`} />
      ) : actions.state === 'unavailable' ? (
        <EmptyState text={t`The list is unavailable right now`} />
      ) : actions.state === 'empty' ? (
        <EmptyState text={t`No data yet`} />
      ) : (
        <ol className="tp-actions" data-testid="admin-action-list">
          {actions.nodes.map((node, index) => (
            <AdminAction key={`${node.transactionHash}-${index}`} node={node} changes={actions.changes[index]} />
          ))}
        </ol>
      )}
      {actions.hasMore && (
        <Button
          variant="secondary"
          onClick={() => void actions.loadMore()}
          disabled={actions.loadingMore}
          data-testid="admin-more"
        >
          {actions.loadingMore ? t`Loading` : t`Load more`}
        </Button>
      )}
    </Card>
  )
}

function AdminAction({ node, changes }: { node: AdminActionNode; changes: ValueChange[] | undefined }) {
  const { t, i18n } = useLingui()
  return (
    <li className="tp-action" data-testid="admin-action" data-contract={node.contract} data-event={node.eventName}>
      <div className="tp-action__head">
        <strong>{node.contract}</strong>{' '}
        <span className="tp-action__event" data-testid="admin-action-event">
          {eventLabel(i18n, node.eventName)}
        </span>
        <span className="app-muted"> {showTime(BigInt(node.timestamp))}</span>
      </div>
      {node.target && (
        <div className="app-muted app-mono tp-action__target">
          {t`Account`} {node.target}
        </div>
      )}
      <ul className="tp-changes">
        {changes?.map((change) => {
          const label = changeLabel(i18n, node, change.name)
          const to = showChangeValue(i18n, node, change.name, change.to)
          return (
            <li key={change.name} data-testid="admin-action-change" data-name={change.name}>
              {label && (
                <span className="tp-changes__name" title={change.name}>
                  {label}:{' '}
                </span>
              )}
              <span className="app-mono">
                {'from' in change ? `${showChangeValue(i18n, node, change.name, change.from)} → ${to}` : to}
              </span>
            </li>
          )
        })}
      </ul>
      <div className="app-muted app-mono tp-action__tx" title={node.transactionHash}>
        {t`Block ${node.blockNumber}`} · {t`Transaction`}{' '}
        <ExplorerLink kind="tx" value={node.transactionHash} testId="admin-action-tx" />
      </div>
    </li>
  )
}
