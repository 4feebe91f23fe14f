import { awaitsApproval } from '@nexus/abi/node'
import { withdrawnToday } from '@nexus/db'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { rejected } from '../../../../errors.ts'
import { decimalText, fromUnits, toUnits } from '../../../../internal/money.ts'
import { creditWallet } from '../../../../internal/wallets.ts'
import { lockDecidable, withdrawalPage, withdrawalsById, type WithdrawalRow } from '../../../../internal/withdrawals.ts'
import { answer } from '../../../../plugins/app/ok.ts'
import { integerField, optionalChoiceField, optionalIntegerField, textField } from '../../../../schemas/fields.ts'

/** Withdrawals per page of withdrawQueue. */
export const withdrawQueuePageSize = 20
/**
 * The lists of withdrawQueue's `status`: `open` (not yet paid nor rejected, oldest first: what to decide, what
 * the keeper is paying, and failed payouts being cancelled or cancelled on chain, to reject) and the finished ones, newest first (`paid` with the keeper's payout hash, `rejected`).
 * A withdrawal's state is this API's decision and the keeper's payout (see `internal/withdrawals.ts`).
 */
const queues = {
  open: { statuses: ['pending', 'approved', 'paying', 'failed', 'cancelled'], order: 'asc' },
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
 * - POST withdrawReject {id, reason}: a pending or approved withdrawal the keeper has not claimed, or whose payout
 *   was cancelled on chain (it failed, and the keeper cancelled its id in the Payouts contract at a final block: it
 *   can never be paid), becomes rejected with `reason` (shown by walletList) and its amount goes back to the wallet
 *   (a `withdraw_refund` wallet log), in one database transaction. A failed payout whose cancel is not final yet is
 *   refused with 4800 'withdrawCancelling' (try again shortly); one the keeper is paying or has paid, with
 *   'withdrawNotDecidable'.
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
      // a claimed payout is refunded only once the Payouts contract cancelled its id (the keeper cancels a failed
      // one): paid and refunded exclude each other on chain
      const decidable = await lockDecidable(tx, id, ['pending', 'approved'], ['cancelled'])
      if (decidable === 'unknown') throw rejected('withdrawUnknown')
      if (decidable !== true) {
        throw rejected(decidable.refused === 'failed' ? 'withdrawCancelling' : 'withdrawNotDecidable')
      }
      const w = await tx.legacyWithdrawal.update({
        where: { id },
        data: { status: 'rejected', reason, decidedBy: manager.address, decidedAt: new Date() },
      })
      await creditWallet(tx, {
        userId: w.userId,
        creditType: w.creditType as 'USDT' | 'ARB',
        amount: toUnits(w.amount),
        kind: 'withdraw_refund',
        refId: w.id,
      })
      return (await withdrawalsById(tx, [id])).get(id)
    })
    if (!row) throw rejected('withdrawNotDecidable')
    return answer(request, 'withdrawReject', view(row))
  })
}
