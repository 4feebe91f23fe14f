import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { contractConstants } from '@nexus/abi'
import { approvalThreshold } from '@nexus/sdk'
import type { AmountRules } from '../../lib/amountInput.ts'

/** Double.deposit's bounds (Double.sol): more than 0 and at most MAX_AMOUNT base units per deposit. */
export const DOUBLE_MAX_AMOUNT = contractConstants.Double.MAX_AMOUNT

/** The amount checks of a direct deposit, in the order of SPEC.md §5: the contract's bounds, then the balance. */
export function doubleDepositRules(balance: bigint | undefined): AmountRules {
  return { min: 1n, max: DOUBLE_MAX_AMOUNT, ...(balance !== undefined && { balance }) }
}

/** What refuses a direct deposit before anything is sent: the pool closed to new money (openClaim) or paused. */
export function doubleDepositRefusal(state: {
  openClaim: boolean | undefined
  paused: boolean | undefined
}): MessageDescriptor | undefined {
  if (state.openClaim === false) return msg`The doubling deposit takes no new deposits for now.`
  if (state.paused === true) return msg`The doubling pool is paused: deposits are stopped for now.`
  return undefined
}

/**
 * Whether a deposit of `amount` asks the wallet to approve USDT first: the allowance at or below the SDK's
 * threshold, or below the amount (the write flow approves again then, `coversAmount`).
 */
export function needsApproval(allowance: bigint | undefined, amount: bigint | undefined): boolean | undefined {
  if (allowance === undefined) return undefined
  return allowance <= approvalThreshold || (amount !== undefined && allowance < amount)
}
