import { awaitsApproval } from '@nexus/abi/node'
import { finishRejections, refundRejectedWithdrawal, withdrawnToday } from '@nexus/db'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { rejected } from '../../../../errors.ts'
import { decimalText, fromUnits, toUnits } from '../../../../internal/money.ts'
import { lockDecidable, withdrawalPage, withdrawalsById, type WithdrawalRow } from '../../../../internal/withdrawals.ts'
import { answer } from '../../../../plugins/app/ok.ts'
import { integerField, optionalChoiceField, optionalIntegerField, textField } from '../../../../schemas/fields.ts'

/** Withdrawals per page of withdrawQueue. */
export const withdrawQueuePageSize = 20
/**
 * The lists of withdrawQueue's `status`: `open` (not yet paid nor refunded, oldest first: what to decide, what the
 * keeper is paying, failed payouts being cancelled or cancelled on chain, to reject, and rejections waiting for the
 * keeper's cancel on chain) and the finished ones, newest first (`paid` with the keeper's payout hash, `rejected`).
 * A withdrawal's state is this API's decision and the keeper's payout (see `internal/withdrawals.ts`).
 */
const queues = {
  open: { statuses: ['pending', 'approved', 'paying', 'failed', 'cancelled', 'rejecting'], order: 'asc' },
  paid: { statuses: ['paid'], order: 'desc' },
  rejected: { statuses: ['rejected'], order: 'desc' },
} as const

/**
 * The signed-in wallet (SIWE session), if the chain says it is a manager (Main.isManager: the manager or the
 * owner). A manager needs no account on this server: the right is the on-chain one.
 * @throws LegacyError 4700 without a valid session, 4800 "notManager" for any other wallet.
 */
async function requireManager(context: LegacyContext, request: FastifyRequest) {
  const address = await context.auth.authenticate(request)
  if (!(await context.isManager(address))) throw rejected('notManager')
  return { address }
}

/**
 * Manager routes of the withdrawal payouts (apps/keeper pays them):
 * - POST withdrawQueue {page?, status?}: withdrawals not yet paid nor rejected (`open`, the default), oldest
 *   first, or the `paid` or `rejected` ones, newest first; 20 a page. data: `{ page, pageSize, status, total,
 *   policy: { approvalThreshold, dailyCap, paidToday: { USDT, ARB } }, list: { id, address, credit_type, amount,
 *   status, needsApproval, reason, payoutHash, createdAt }[] }`: the keeper's policy (WITHDRAW_APPROVAL_THRESHOLD,
 *   WITHDRAW_DAILY_CAP) with what counts against today's cap, and `needsApproval` for a pending withdrawal above
 *   the threshold: its account asked for more than the threshold in its credit type that UTC day, counting its
 *   requests up to this one that no manager decided (the keeper pays it only once approved).
 * - POST withdrawApprove {id}: a pending withdrawal (e.g. above the keeper's threshold) the keeper has not claimed
 *   becomes approved; the keeper pays it on its next run. A failed payout cannot be approved (it is cancelled on
 *   chain, then a manager may reject it). An id no withdrawal has is refused as unknown. data: the withdrawal.
 * - POST withdrawReject {id, reason}: a manager rejects a withdrawal with `reason` (shown by walletList). Its amount
 *   goes back to the wallet (a `withdraw_refund` wallet log, in the same database transaction as its move to
 *   `rejected`) only once the Payouts contract cancelled its id at a final block, so that it can never be paid:
 *   - a pending or approved withdrawal the keeper has not claimed becomes `rejecting`: the keeper never pays it, it
 *     sends Payouts.cancel(id) and records the id cancelled at a final block; this API then refunds it (every few
 *     seconds, and before withdrawQueue and walletList answer) and it becomes `rejected`. Should the chain say the
 *     id was paid after all (the database lost the keeper's claim), it becomes `paid` with its payout hash and is
 *     never refunded. data: the withdrawal, `status: 'rejecting'`.
 *   - one whose payout failed and was cancelled on chain (`cancelled`) is refunded at once. data: the withdrawal,
 *     `status: 'rejected'`.
 *   A failed payout whose cancel is not final yet is refused with 4800 'withdrawCancelling' (try again shortly); one
 *   the keeper is paying or has paid, or one already rejected, with 'withdrawNotDecidable'.
 */
export function withdrawManageRoutes(app: FastifyInstance, context: LegacyContext) {
  const { prisma, withdrawPolicy } = context
  const view = (w: WithdrawalRow) => ({
    id: w.id,
    address: w.address,
    credit_type: w.creditType,
    amount: decimalText(w.amount),
    status: w.status,
    needsApproval: awaitsApproval(withdrawPolicy, w.status, toUnits(w.dayTotal ?? w.amount)),
    reason: w.reason,
    payoutHash: w.payoutTxHash,
    createdAt: w.createdAt.toISOString(),
  })

  app.post('/withdrawQueue', async (request) => {
    await requireManager(context, request)
    const page = optionalIntegerField(request.body, 'page', { min: 1, max: 100_000 }) ?? 1
    const status = optionalChoiceField(request.body, 'status', ['open', 'paid', 'rejected'], 'open')
    const queue = queues[status]
    // rejections whose id the keeper cancelled on chain are refunded first, so that the lists are current
    await finishRejections(prisma)
    const now = new Date()
    const [{ total, rows }, paidUsdt, paidArb] = await Promise.all([
      withdrawalPage(prisma, queue.statuses, queue.order, {
        skip: (page - 1) * withdrawQueuePageSize,
        take: withdrawQueuePageSize,
      }),
      withdrawnToday(prisma, 'USDT', now),
      withdrawnToday(prisma, 'ARB', now),
    ])
    const policy = {
      approvalThreshold: fromUnits(withdrawPolicy.approvalThreshold),
      dailyCap: fromUnits(withdrawPolicy.dailyCap),
      paidToday: { USDT: decimalText(paidUsdt), ARB: decimalText(paidArb) },
    }
    return answer(request, 'withdrawQueue', {
      page,
      pageSize: withdrawQueuePageSize,
      status,
      total,
      policy,
      list: rows.map(view),
    })
  })

  app.post('/withdrawApprove', async (request) => {
    const manager = await requireManager(context, request)
    const id = integerField(request.body, 'id', { min: 1, max: 2 ** 31 - 1 })
    const row = await prisma.$transaction(async (tx) => {
      const decidable = await lockDecidable(tx, id, ['pending'], [])
      if (decidable === 'unknown') throw rejected('withdrawUnknown')
      if (decidable !== true) throw rejected('withdrawNotDecidable')
      await tx.legacyWithdrawal.update({
        where: { id },
        data: { status: 'approved', decidedBy: manager.address, decidedAt: new Date() },
      })
      return (await withdrawalsById(tx, [id])).get(id)
    })
    if (!row) throw rejected('withdrawNotDecidable')
    return answer(request, 'withdrawApprove', view(row))
  })

  app.post('/withdrawReject', async (request) => {
    const manager = await requireManager(context, request)
    const id = integerField(request.body, 'id', { min: 1, max: 2 ** 31 - 1 })
    const reason = textField(request.body, 'reason', 200)
    const row = await prisma.$transaction(async (tx) => {
      // refunded only once the Payouts contract cancelled its id at a final block: paid and refunded exclude each
      // other on chain. Not yet claimed: the keeper cancels it; a failed payout the keeper cancelled: refunded now.
      const decidable = await lockDecidable(tx, id, ['pending', 'approved'], ['cancelled'])
      if (decidable === 'unknown') throw rejected('withdrawUnknown')
      if (decidable !== true) {
        throw rejected(decidable.refused === 'failed' ? 'withdrawCancelling' : 'withdrawNotDecidable')
      }
      await tx.legacyWithdrawal.update({
        where: { id },
        data: { status: 'rejecting', reason, decidedBy: manager.address, decidedAt: new Date() },
      })
      await refundRejectedWithdrawal(tx, id)
      return (await withdrawalsById(tx, [id])).get(id)
    })
    if (!row) throw rejected('withdrawNotDecidable')
    return answer(request, 'withdrawReject', view(row))
  })
}
