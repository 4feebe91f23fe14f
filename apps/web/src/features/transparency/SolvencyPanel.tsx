import { useLingui } from '@lingui/react/macro'
import { Card, EmptyState } from '@nexus/ui'
import { showAmount } from '../../lib/format.ts'
import type { Solvency } from '../../lib/solvency.ts'
import type { SolvencyModel, SolvencyRow } from './transparencyModel.ts'

/** What each contract holding users' funds holds against what it owes them now. */
export function SolvencyPanel({ solvency }: { solvency: SolvencyModel }) {
  const { t } = useLingui()
  return (
    <Card title={t`Solvency`} data-testid="solvency">
      <p className="app-muted">
        {t`What each contract holding users' funds holds against what it owes them now, read from the chain every few seconds. The only way the owner can take tokens out of these contracts is withdrawExcess, which takes at most the surplus (held − owed); with the Timelock as owner, only after its delay.`}
      </p>
      {!solvency.deployed ? (
        <EmptyState text={t`No contracts are deployed on this network`} />
      ) : (
        <div className="tp-table-wrap">
          <table className="tp-table">
            <thead>
              <tr>
                <th scope="col">{t`Contract`}</th>
                <th scope="col">{t`Holds`}</th>
                <th scope="col">{t`Owes users`}</th>
                <th scope="col">{t`Surplus`}</th>
                <th scope="col">{t`Coverage`}</th>
              </tr>
            </thead>
            <tbody>
              {solvency.rows.map((shown) => (
                <SolvencyTableRow key={`${shown.row.name}-${shown.row.symbol}`} shown={shown} />
              ))}
            </tbody>
          </table>
          <p className="app-muted">{t`≥: the contract keeps no surplus, so what it owes is at least all it holds.`}</p>
          {solvency.proceedsNote && (
            <p className="app-muted" data-testid="solvency-proceeds-note">
              {t`Stake owes its stakers NEX (what they can claim and what is reserved for their releases); the USDT staked is the platform's income, which the owner may take. Ido owes its buyers the NEX they minted, vesting or claimable; what they paid is the owner's.`}
            </p>
          )}
          {solvency.deferredNote && (
            <p className="app-muted" data-testid="solvency-deferred-note">
              {t`Paid from later deposits: Double pays each deposit back twice over, the doubled half only out of later deposits, and no claim takes more than it holds. So it owes more than it holds by design; the difference is paid as new deposits come in, not guaranteed by funds it holds now.`}
            </p>
          )}
        </div>
      )}
    </Card>
  )
}

function SolvencyTableRow({ shown }: { shown: SolvencyRow }) {
  const { t } = useLingui()
  const { row, figures } = shown
  return (
    <tr data-testid={shown.testId} data-contract={row.name} data-token={row.symbol} data-status={shown.status}>
      <th scope="row">
        {row.name}
        {!row.owed && <span className="app-muted"> · {row.symbol}</span>}
      </th>
      <td className="app-mono" data-testid="solvency-holds" data-label={t`Holds`}>
        {showAmount(figures?.holds)} {row.symbol}
      </td>
      <td className="app-mono" data-testid="solvency-owed" data-label={t`Owes users`}>
        {figures?.owedAtLeast ? '≥ ' : ''}
        {showAmount(figures?.owed)} {row.symbol}
      </td>
      <td className="app-mono" data-label={t`Surplus`}>
        {figures && figures.shortfall > 0n ? `−${showAmount(figures.shortfall)}` : showAmount(figures?.surplus)}{' '}
        {row.symbol}
      </td>
      <td data-label={t`Coverage`}>
        {figures === undefined ? (
          '—'
        ) : shown.proceeds ? (
          <span className="tp-badge tp-badge--covered" data-testid="solvency-proceeds">
            {t`Not owed to users: the owner's proceeds, free to withdraw`}
          </span>
        ) : (
          <CoverageBadge status={figures.status} coverage={shown.coverage} />
        )}
      </td>
    </tr>
  )
}

function CoverageBadge({ status, coverage }: { status: Solvency['status']; coverage: string | undefined }) {
  const { t } = useLingui()
  const statusText: Record<Solvency['status'], string> = {
    covered: t`Covered`,
    exact: t`Fully committed`,
    short: t`Short`,
    deferred: t`Paid from later deposits`,
  }
  return (
    <span className={`tp-badge tp-badge--${status}`}>
      {statusText[status]}
      {coverage !== undefined && ` ${coverage}`}
    </span>
  )
}
