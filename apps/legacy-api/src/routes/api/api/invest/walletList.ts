import { finishRejections } from '@nexus/db'
import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { decimalText } from '../../../../internal/money.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { settleMining } from '../../../../internal/settleMining.ts'
import { walletBalances } from '../../../../internal/wallets.ts'
import { withdrawalsById } from '../../../../internal/withdrawals.ts'
import { answer } from '../../../../plugins/app/ok.ts'
import { creditTypeField, integerField } from '../../../../schemas/fields.ts'

/** Entries per page of walletList. */
export const walletPageSize = 20

/**
 * POST walletList {credit_type, page}: one wallet's balance and its changes, newest first, 20 a page (page 1 is
 * the newest). data: `{ credit_type, balance, page, pageSize, total, list: { id, amount, balance, kind,
 * createdAt, withdrawal? }[] }`; a `withdraw` entry has `withdrawal: { id, status, reason, payoutHash }`
 * (pending, approved, paying, paid with the payout hash, failed, cancelled, rejecting with the reason (a manager
 * rejected it; its amount comes back once its payout is cancelled on chain), or rejected with the reason (its amount
 * came back as a `withdraw_refund` entry)): this API's decision and the keeper's payout (`internal/withdrawals.ts`).
 */
export function walletListRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, dayLength } = context
  app.post('/walletList', async (request) => {
    const user = await requireUser(context, request)
    const creditType = creditTypeField(request.body, 'credit_type')
    const page = integerField(request.body, 'page', { min: 1, max: 100_000 })
    await settleMining(prisma, user.id, dayLength)
    // rejections whose id the keeper cancelled on chain are refunded first, so that the balance is current
    await finishRejections(prisma)
    const where = { userId: user.id, creditType }
    const [balances, total, logs] = await Promise.all([
      walletBalances(prisma, user.id),
      prisma.legacyWalletLog.count({ where }),
      prisma.legacyWalletLog.findMany({
        where,
        orderBy: { id: 'desc' },
        skip: (page - 1) * walletPageSize,
        take: walletPageSize,
      }),
    ])
    // withdrawal entries carry the withdrawal's state: pending → paid (payout hash) or rejected (reason)
    const withdrawalIds = logs.filter((log) => log.kind === 'withdraw' && log.refId !== null).map((log) => log.refId)
    const withdrawals = await withdrawalsById(prisma, withdrawalIds as number[])
    return answer(request, 'walletList', {
      credit_type: creditType,
      balance: balances[creditType],
      page,
      pageSize: walletPageSize,
      total,
      list: logs.map((log) => {
        const withdrawal = log.kind === 'withdraw' && log.refId !== null ? withdrawals.get(log.refId) : undefined
        return {
          id: log.id,
          amount: decimalText(log.amount),
          balance: decimalText(log.balance),
          kind: log.kind,
          createdAt: log.createdAt.toISOString(),
          ...(withdrawal
            ? {
                withdrawal: {
                  id: withdrawal.id,
                  status: withdrawal.status,
                  reason: withdrawal.reason ?? null,
                  payoutHash: withdrawal.payoutTxHash ?? null,
                },
              }
            : {}),
        }
      }),
    })
  })
}
