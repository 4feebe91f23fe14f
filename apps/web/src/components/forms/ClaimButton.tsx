import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Button } from '@nexus/ui'
import { useTransaction } from '../../hooks/useTransaction.ts'
import type { TransactionPlan } from '../../hooks/useTransaction.ts'

export type ClaimButtonProps = {
  /** The claim transaction. */
  request: TransactionPlan['request']
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
export function ClaimButton({ request, check, disabled, testId }: ClaimButtonProps) {
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
