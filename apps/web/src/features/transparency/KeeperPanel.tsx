import { useEffect, useMemo, useRef, useState } from 'react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'
import type { Address, ContractFunctionParameters, Hex } from 'viem'
import { decodeAbiParameters } from 'viem'
import { ExplorerLink } from '../../components/ExplorerLink.tsx'
import { ok, useChainReads, useLatestBlock } from '../../data/ChainData.tsx'
import { showTime } from '../../lib/format.ts'
import { deploymentOf } from '../../lib/deployment.ts'
import type { DeployedName } from '../../lib/deployment.ts'
import { KEEPER_ABIS, KEEPER_JOBS, LOOKBACK_BLOCKS, TOKEN_TASK_JOBS, latestRuns } from './keeperJobs.ts'
import type { LastRun } from './keeperJobs.ts'
import { usePublicClient } from '../../data/wallet.tsx'
import { useBurnExpiredWaiting } from '../../data/burnQueue.ts'

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

type Deployed = { name: DeployedName; address: Address; blockNumber: number }

/**
 * When each keeper job last ran and whether work is due now (issue 21), read from the chain: the latest event of
 * each job (`keeperJobs.ts`) and each contract's `checkUpkeep` view (what Chainlink Automation or Gelato would
 * run next), never from the keeper's own report.
 */
export function KeeperPanel() {
  const { t, i18n } = useLingui()
  const contracts = useMemo(
    () =>
      [...new Set(KEEPER_JOBS.map((job) => job.contract))].flatMap((name): Deployed[] => {
        const deployment = deploymentOf(name)
        return deployment ? [{ name, ...deployment }] : []
      }),
    [],
  )
  const due = useChainReads(
    useMemo(
      () =>
        contracts.map(({ name, address }) => ({
          address,
          abi: KEEPER_ABIS[name],
          functionName: 'checkUpkeep',
          args: ['0x'],
        })) as unknown as readonly ContractFunctionParameters[],
      [contracts],
    ),
  )
  const dueJobs = new Set<string>()
  const dueContracts = new Set<string>()
  contracts.forEach(({ name }, index) => {
    const result = ok(due?.[index] as { status: 'success'; result: readonly [boolean, Hex] } | undefined)
    if (!result?.[0]) return
    dueContracts.add(name)
    if (name === 'Token') {
      const [task] = decodeAbiParameters([{ type: 'uint8' }], result[1])
      const job = TOKEN_TASK_JOBS[task]
      if (job) dueJobs.add(job)
    }
  })
  // Burn's forced outs are due exactly when /burn says expired orders wait (one definition, both pages); its view
  // also answers yes for its other work (sharing the pool, the buy-and-burn), which is the pool update's row
  const burnOutsWaiting = useBurnExpiredWaiting(contracts.find((contract) => contract.name === 'Burn')?.address)
  const runs = useLastRuns(contracts)
  const jobs = KEEPER_JOBS.filter((job) => contracts.some((contract) => contract.name === job.contract))
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
          {jobs.map((job) => {
            const run = runs?.[job.id]
            // Token's view names the one task due next; the others' view tells whether any of their work is due.
            const isDue =
              job.id === 'burnOuts'
                ? burnOutsWaiting === true
                : job.contract === 'Token'
                  ? dueJobs.has(job.id)
                  : dueContracts.has(job.contract)
            const known = job.id === 'burnOuts' ? burnOutsWaiting !== undefined : due !== undefined
            return (
              <tr key={job.id} data-testid="keeper-job" data-job={job.id} data-due={String(isDue)}>
                <td>{i18n._(JOB_LABELS[job.id] ?? { id: job.id })}</td>
                <td data-testid="keeper-job-last" data-block={run ? String(run.blockNumber) : ''}>
                  {runs === undefined ? (
                    '…'
                  ) : run ? (
                    <>
                      {showTime(run.timestamp)} · <ExplorerLink kind="tx" value={run.transactionHash} />
                    </>
                  ) : (
                    t`Not in the last ${String(LOOKBACK_BLOCKS)} blocks`
                  )}
                </td>
                <td data-testid="keeper-job-due">{!known ? '…' : isDue ? t`Yes` : t`No`}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </Card>
  )
}

/**
 * The latest run of every job, found once back to {@link LOOKBACK_BLOCKS} (or the deployment), then kept up to
 * date with the blocks the page's refresh cycle sees.
 */
function useLastRuns(contracts: readonly Deployed[]): Record<string, LastRun> | undefined {
  const client = usePublicClient()
  const head = useLatestBlock()?.number
  const [runs, setRuns] = useState<Record<string, LastRun>>()
  const scanned = useRef<bigint | undefined>(undefined)
  const busy = useRef(false)
  useEffect(() => {
    if (!client || head === undefined || busy.current) return
    if (scanned.current !== undefined && head <= scanned.current) return
    busy.current = true
    const previous = scanned.current
    void (async () => {
      try {
        const found = await Promise.all(
          contracts.map(({ name, address, blockNumber }) => {
            const floor = head > LOOKBACK_BLOCKS ? head - LOOKBACK_BLOCKS : 0n
            const from =
              previous !== undefined ? previous + 1n : BigInt(blockNumber) > floor ? BigInt(blockNumber) : floor
            return latestRuns(client, { name, address }, KEEPER_JOBS, from, head)
          }),
        )
        scanned.current = head
        setRuns((before) => Object.assign({}, before, ...found))
      } catch {
        // the next block tries again
      } finally {
        busy.current = false
      }
    })()
  }, [client, head, contracts])
  return runs
}
