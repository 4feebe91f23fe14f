import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { approvalThreshold } from '@nexus/sdk'

/**
 * How a write that spends a token reaches the chain:
 * - `direct`: the allowance is enough already: the action alone.
 * - `batch`: the wallet executes calls atomically (EIP-5792): approve and act in one `wallet_sendCalls`, one
 *   confirmation.
 * - `steps`: the approval is a transaction of its own, shown as step 1 of 2 of the same action, then the action.
 */
export type ApprovalRoute = 'direct' | 'batch' | 'steps'

/** What the wallet reports of EIP-5792's `atomic` capability for the app's chain (`wallet_getCapabilities`). */
export type AtomicCapability = { atomic?: { status?: string } | undefined } | undefined

/**
 * Whether the owner's allowance must be approved (again) before the action, as the SDK's `ensureAllowance` decides:
 * at most 1e18 base units, or below `amount` when the action's spending is known.
 */
export function needsApproval(allowance: bigint, amount?: bigint): boolean {
  return allowance <= approvalThreshold || (amount !== undefined && allowance < amount)
}

/** Whether the wallet can send calls atomically on the chain: EIP-5792 `atomic.status` `supported` or `ready`. */
export function supportsAtomicBatch(capabilities: AtomicCapability): boolean {
  const status = capabilities?.atomic?.status
  return status === 'supported' || status === 'ready'
}

/**
 * The route of a write (see {@link ApprovalRoute}). `simulated`: the action could be simulated with the approval
 * granted, so that a batch is only sent when the action would pass (else the approval goes first, on its own, and
 * the action is simulated after it, as without batching).
 *
 * @example
 * approvalRoute({ approve: true, atomic: true, simulated: true }) // 'batch'
 */
export function approvalRoute({
  approve,
  atomic,
  simulated,
}: {
  approve: boolean
  atomic: boolean
  simulated: boolean
}): ApprovalRoute {
  if (!approve) return 'direct'
  return atomic && simulated ? 'batch' : 'steps'
}

/** EIP-5792's codes for a batch the wallet cannot take: unsupported capability, chain, size, atomicity. */
const UNSUPPORTED_BATCH = new Set([5700, 5710, 5740, 5760])

/**
 * Whether a failed `wallet_sendCalls` says the wallet cannot take the batch (an EIP-5792 code in the error or its
 * causes), so that the approval can go on its own instead; a refusal (4001, or 5750 for a declined account upgrade)
 * is the user's answer, not this.
 */
export function batchUnsupported(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 10; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'number' && UNSUPPORTED_BATCH.has(code)) return true
    current = cause
  }
  return false
}

/** A numbered step of a write whose approval is a transaction of its own. */
export type ApprovalStep = { index: 1; total: 2; symbol: string } | { index: 2; total: 2 }

/**
 * The text of a step in the user's language, e.g. "1 of 2: Approve USDT", then "2 of 2: Burn" (`action`: what the
 * plan does, as its button says; "Confirm" without one).
 *
 * @example
 * approvalStepText({ index: 1, total: 2, symbol: 'USDT' }, msg`Burn`, i18n) // '1 of 2: Approve USDT'
 */
export function approvalStepText(step: ApprovalStep, action: MessageDescriptor | undefined, i18n: I18n): string {
  const { index, total } = step
  let what: string
  if ('symbol' in step) {
    const { symbol } = step
    what = i18n._(msg`Approve ${symbol}`)
  } else what = i18n._(action ?? msg`Confirm`)
  return i18n._(msg`${index} of ${total}: ${what}`)
}
