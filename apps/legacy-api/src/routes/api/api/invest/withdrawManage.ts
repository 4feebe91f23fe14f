import { awaitsApproval } from '@nexus/abi/node'
import { withdrawnToday } from '@nexus/db'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { rejected } from '../../../../errors.ts'
import { decimalText, fromUnits, toUnits } from '../../../../internal/money.ts'
import { creditWallet } from '../../../../internal/wallets.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { integerField, optionalChoiceField, optionalIntegerField, textField } from '../../../../schemas/fields.ts'

/** Withdrawals per page of withdrawQueue. */
export const withdrawQueuePageSize = 20
/**
 * The lists of withdrawQueue's `status`: `open` (not yet paid nor rejected, oldest first: what to decide or what
 * the keeper is paying) and the finished ones, newest first (`paid` with the keeper's payout hash, `rejected`).
 */
const queues = {
  open: { statuses: ['pending', 'approved', 'paying', 'failed'], order: 'asc' },
  paid: { statuses: ['paid'], order: 'desc' },
  rejected: { statuses: ['rejected'], order: 'desc' },
} as const
/** Statuses a manager may still decide (the keeper pays pending ones up to its threshold, and approved ones). */
const decidable = ['pending', 'failed']

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
 *   the threshold (the keeper pays it only once approved).
 * - POST withdrawApprove {id}: a pending (e.g. above the keeper's threshold) or failed withdrawal becomes approved;
 *   the keeper pays it on its next run. data: the withdrawal.
 * - POST withdrawReject {id, reason}: a pending, approved or failed withdrawal becomes rejected with `reason` (shown
 *   by walletList) and its amount goes back to the wallet (a `withdraw_refund` wallet log), in one database
 *   transaction; one the keeper has started paying can no longer be rejected.
 */
export function withdrawManageRoutes(app: FastifyInstance, context: LegacyContext) {
  const { prisma, withdrawPolicy } = context
  const view = (w: {
    id: number
    creditType: string
    amount: { toFixed: () => string }
    status: string
    reason: string | null
    payoutTxHash: string | null
    createdAt: Date
    user: { address: string }
  }) => ({
    id: w.id,
    address: w.user.address,
    credit_type: w.creditType,
    amount: decimalText(w.amount),
    status: w.status,
    needsApproval: awaitsApproval(withdrawPolicy, w.status, toUnits(w.amount)),
    reason: w.reason,
    payoutHash: w.payoutTxHash,
    createdAt: w.createdAt.toISOString(),
  })

  app.post('/withdrawQueue', async (request) => {
    await requireManager(context, request)
    const page = optionalIntegerField(request.body, 'page', { min: 1, max: 100_000 }) ?? 1
    const status = optionalChoiceField(request.body, 'status', ['open', 'paid', 'rejected'], 'open')
    const queue = queues[status]
    const where = { status: { in: [...queue.statuses] } }
    const now = new Date()
    const [total, rows, paidUsdt, paidArb] = await Promise.all([
      prisma.legacyWithdrawal.count({ where }),
      prisma.legacyWithdrawal.findMany({
        where,
        orderBy: { id: queue.order },
        skip: (page - 1) * withdrawQueuePageSize,
        take: withdrawQueuePageSize,
        include: { user: { select: { address: true } } },
      }),
      withdrawnToday(prisma, 'USDT', now),
      withdrawnToday(prisma, 'ARB', now),
    ])
    const policy = {
      approvalThreshold: fromUnits(withdrawPolicy.approvalThreshold),
      dailyCap: fromUnits(withdrawPolicy.dailyCap),
      paidToday: { USDT: decimalText(paidUsdt), ARB: decimalText(paidArb) },
    }
    return ok(request, { page, pageSize: withdrawQueuePageSize, status, total, policy, list: rows.map(view) })
  })

  app.post('/withdrawApprove', async (request) => {
    const manager = await requireManager(context, request)
    const id = integerField(request.body, 'id', { min: 1, max: 2 ** 31 - 1 })
    const updated = await prisma.legacyWithdrawal.updateMany({
      where: { id, status: { in: decidable } },
      data: { status: 'approved', decidedBy: manager.address, decidedAt: new Date() },
    })
    if (updated.count === 0) throw rejected('withdrawNotDecidable')
    const row = await prisma.legacyWithdrawal.findUniqueOrThrow({ where: { id }, include: { user: true } })
    return ok(request, view(row))
  })

  app.post('/withdrawReject', async (request) => {
    const manager = await requireManager(context, request)
    const id = integerField(request.body, 'id', { min: 1, max: 2 ** 31 - 1 })
    const reason = textField(request.body, 'reason', 200)
    const row = await prisma.$transaction(async (tx) => {
      const updated = await tx.legacyWithdrawal.updateMany({
        where: { id, status: { in: [...decidable, 'approved'] } },
        data: { status: 'rejected', reason, decidedBy: manager.address, decidedAt: new Date() },
      })
      if (updated.count === 0) throw rejected('withdrawNotDecidable')
      const w = await tx.legacyWithdrawal.findUniqueOrThrow({ where: { id }, include: { user: true } })
      await creditWallet(tx, {
        userId: w.userId,
        creditType: w.creditType as 'USDT' | 'ARB',
        amount: toUnits(w.amount),
        kind: 'withdraw_refund',
        refId: w.id,
      })
      return w
    })
    return ok(request, view(row))
  })
}
