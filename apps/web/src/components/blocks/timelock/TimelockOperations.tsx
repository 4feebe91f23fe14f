import { useEffect, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { timelockAbi } from '@nexus/abi'
import { timelockCancelRequest, timelockExecuteRequest } from '@nexus/sdk'
import type { TimelockOperationState } from '@nexus/sdk'
import { Button, Countdown, EmptyState, Spinner } from '@nexus/ui'
import { readContract } from 'viem/actions'
import { useChainNow } from '../../../data/ChainData.tsx'
import { useSession } from '../../../data/session.tsx'
import { useTransaction } from '../../../hooks/useTransaction.ts'
import { showTime } from '../../../lib/format.ts'
import { CANCELLER_ROLE, timelockDeployment, useTimelockOperations } from './useTimelock.ts'
import { usePublicClient } from '../../../data/wallet.tsx'
import { OperationCall } from './OperationCall.tsx'

/**
 * The Timelock's owner actions (issue 19): what is scheduled, from when it can run, and what ran or was cancelled.
 * `only` limits the list to some states (the transparency page shows the pending ones). Execute is offered on a
 * ready operation to anyone (executors are open), Cancel to the admin (the canceller). Each call shows its arguments by
 * name in the reader's language, formatted ({@link OperationCall}), on the admin screens as on `/transparency`.
 */
export function TimelockOperations({ only }: { only?: readonly TimelockOperationState[] }) {
  const { t } = useLingui()
  const { operations, error } = useTimelockOperations()
  const { account } = useSession()
  const client = usePublicClient()
  const send = useTransaction()
  const timelock = timelockDeployment()?.address
  // the chain's clock, ticking every second: a waiting operation counts down to when it can run
  const now = useChainNow()
  const [canCancel, setCanCancel] = useState(false)
  useEffect(() => {
    if (!client || !timelock || !account) {
      setCanCancel(false)
      return
    }
    void readContract(client, {
      address: timelock,
      abi: timelockAbi,
      functionName: 'hasRole',
      args: [CANCELLER_ROLE, account],
    })
      .then(setCanCancel)
      .catch(() => setCanCancel(false))
  }, [client, timelock, account])

  if (!timelock) return <EmptyState text={t`No Timelock is deployed on this network`} />
  if (operations === undefined)
    return error ? <EmptyState text={t`The list is unavailable right now`} /> : <Spinner label={t`Loading`} />
  const shown = only ? operations.filter((operation) => only.includes(operation.state)) : operations
  if (shown.length === 0) return <EmptyState text={t`No owner actions are waiting`} />

  const stateText: Record<TimelockOperationState, string> = {
    pending: t`Waiting for the delay`,
    ready: t`Ready to execute`,
    done: t`Executed`,
    cancelled: t`Cancelled`,
  }
  return (
    <ol className="tp-actions" data-testid="timelock-operations">
      {shown.map((operation) => (
        <li
          key={operation.id}
          className="tp-action"
          data-testid="timelock-operation"
          data-id={operation.id}
          data-state={operation.state}
          data-function={operation.functionName ?? ''}
        >
          <div className="tp-action__head">
            <OperationCall operation={operation} />{' '}
            <span className={`tp-badge tp-badge--${operation.state}`} data-testid="timelock-state">
              {stateText[operation.state]}
            </span>
          </div>
          <div className="app-muted">
            {t`Can be executed from ${showTime(operation.readyAt)}`} ·{' '}
            {t`Scheduled in block ${operation.scheduledBlock}`}
          </div>
          {operation.state === 'pending' && now !== undefined && (
            <div data-testid="timelock-countdown">
              <span className="app-muted">{t`Can be executed in`}</span>
              <Countdown
                seconds={Math.max(0, Number(operation.readyAt) - now)}
                labels={{ days: t`Days`, hours: t`Hours`, minutes: t`Min`, seconds: t`Sec` }}
              />
            </div>
          )}
          <div className="app-muted app-mono tp-action__tx" title={operation.id}>
            {t`Operation`} {operation.id}
          </div>
          {operation.state === 'ready' && account && (
            <Button
              data-testid="timelock-execute"
              onClick={() =>
                void send({
                  request: () => timelockExecuteRequest(timelock, operation),
                  success: msg`Executed`,
                })
              }
            >
              {t`Execute`}
            </Button>
          )}
          {(operation.state === 'ready' || operation.state === 'pending') && canCancel && (
            <Button
              variant="secondary"
              data-testid="timelock-cancel"
              onClick={() =>
                void send({
                  request: () => timelockCancelRequest(timelock, operation.id),
                  success: msg`Cancelled`,
                })
              }
            >
              {t`Cancel`}
            </Button>
          )}
        </li>
      ))}
    </ol>
  )
}
