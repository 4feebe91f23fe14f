import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Button } from '@nexus/ui'
import { useTransaction } from '../../hooks/useTransaction.ts'
import type { TransactionPlan, WriteArgs, WriteFunctionName } from '../../hooks/useTransaction.ts'
import type { Abi } from 'viem'

export type ClaimButtonProps<
  abi extends Abi | readonly unknown[] = Abi,
  functionName extends WriteFunctionName<abi> = WriteFunctionName<abi>,
  args extends WriteArgs<abi, functionName> = WriteArgs<abi, functionName>,
> = {
  /** The claim transaction, typed by its ABI. */
  request: TransactionPlan<abi, functionName, args>['request']
  /** A reason to refuse before sending (e.g. nothing to claim yet), in the user's language. */
  check?: TransactionPlan['check']
  disabled?: boolean
  testId: string
}

/**
 * The "Claim" action of a card: one transaction through the shared write flow (AWAITING overlay, errors in the
 * user's language, fresh data after), "Claimed" on success.
 *
 * @example
 * <Card title={t`My dividends`} actions={<ClaimButton testId="burn-claim" disabled={!pending} request={() => ({ address: burn, abi: burnAbi, functionName: 'claimReward' })} />}>
 */
export function ClaimButton<
  const abi extends Abi | readonly unknown[],
  functionName extends WriteFunctionName<abi>,
  const args extends WriteArgs<abi, functionName>,
>({ request, check, disabled, testId }: ClaimButtonProps<abi, functionName, args>) {
  const { t } = useLingui()
  const send = useTransaction()
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={disabled}
      data-testid={testId}
      onClick={() => void send({ check, request, success: msg`Claimed` })}
    >
      {t`Claim`}
    </Button>
  )
}
