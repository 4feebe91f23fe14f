import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'
import { ExplorerLink } from '../../components/ExplorerLink.tsx'
import { showTime } from '../../lib/format.ts'
import { LOOKBACK_BLOCKS } from './keeperJobs.ts'
import type { KeeperJobRow } from './transparencyModel.ts'

const JOB_LABELS: Record<string, MessageDescriptor> = {
  feeConversion: msg`Token: fee conversion to USDT (swapAndTrans)`,
  liquidity: msg`Token: liquidity from fees (swapAndLiquify)`,
  pairBurn: msg`Token: pair burn (burnPool)`,
  burnPool: msg`Burn: pool update (updatePool)`,
  burnOuts: msg`Burn: forced outs of expired orders`,
  fomoPool: msg`FOM pool: pool update`,
  fomoRound: msg`FOM pool: round settlement`,
  fomoOuts: msg`FOM pool: forced releases of expired orders`,
  superFomoPool: msg`Super FOM pool: pool update`,
  superFomoRound: msg`Super FOM pool: round settlement`,
  superFomoOuts: msg`Super FOM pool: forced releases of expired orders`,
  miningPool: msg`Mining: pool update`,
}

/**
 * When each keeper job last ran and whether work is due now, read from the chain (`useKeeperModel`): the latest
 * event of each job and each contract's `checkUpkeep` view (what Chainlink Automation or Gelato would run next),
 * never from the keeper's own report.
 */
export function KeeperPanel({ jobs }: { jobs: readonly KeeperJobRow[] }) {
  const { t } = useLingui()
  if (jobs.length === 0) return null
  return (
    <Card title={t`Scheduled work (keeper)`} data-testid="keeper-jobs">
      <p className="app-muted">
        {t`The fee economy needs periodic work that anyone may do (the product's keeper, Chainlink Automation or Gelato, through each contract's performUpkeep). When each job last ran is read from the contracts' events, and what is due from their checkUpkeep views: not from the keeper's own report.`}
      </p>
      <table className="tp-table">
        <thead>
          <tr>
            <th>{t`Job`}</th>
            <th>{t`Last run`}</th>
            <th>{t`Due now`}</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((row) => (
            <KeeperJobLine key={row.job.id} row={row} />
          ))}
        </tbody>
      </table>
    </Card>
  )
}

function KeeperJobLine({ row }: { row: KeeperJobRow }) {
  const { t, i18n } = useLingui()
  const { job, lastRun: run, due } = row
  return (
    <tr data-testid="keeper-job" data-job={job.id} data-due={String(due === true)}>
      <td>{i18n._(JOB_LABELS[job.id] ?? { id: job.id })}</td>
      <td data-testid="keeper-job-last" data-block={run ? String(run.blockNumber) : ''}>
        {run === undefined ? (
          '…'
        ) : run ? (
          <>
            {showTime(run.timestamp)} · <ExplorerLink kind="tx" value={run.transactionHash} />
          </>
        ) : (
          t`Not in the last ${String(LOOKBACK_BLOCKS)} blocks`
        )}
      </td>
      <td data-testid="keeper-job-due">{due === undefined ? '…' : due ? t`Yes` : t`No`}</td>
    </tr>
  )
}
