import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { decimalText } from '../../../../internal/money.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { settleMining } from '../../../../internal/settleMining.ts'
import { walletBalances } from '../../../../internal/wallets.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { creditTypeField, integerField } from '../../../../schemas/fields.ts'

/** Entries per page of walletList. */
export const walletPageSize = 20

/**
 * POST walletList {credit_type, page}: one wallet's balance and its changes, newest first, 20 a page (page 1 is
 * the newest). data: `{ credit_type, balance, page, pageSize, total, list: { id, amount, balance, kind,
 * createdAt }[] }`.
 */
export function walletListRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, dayLength } = context
  app.post('/walletList', async (request) => {
    const user = await requireUser(context, request)
    const creditType = creditTypeField(request.body, 'credit_type')
    const page = integerField(request.body, 'page', { min: 1, max: 100_000 })
    await settleMining(prisma, user.id, dayLength)
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
    return ok(request, {
      credit_type: creditType,
      balance: balances[creditType],
      page,
      pageSize: walletPageSize,
      total,
      list: logs.map((log) => ({
        id: log.id,
        amount: decimalText(log.amount),
        balance: decimalText(log.balance),
        kind: log.kind,
        createdAt: log.createdAt.toISOString(),
      })),
    })
  })
}
