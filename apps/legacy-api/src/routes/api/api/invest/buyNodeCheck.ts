import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { decimalText, fromUnits } from '../../../../internal/money.ts'
import { checkNodePurchase } from '../../../../internal/nodePurchase.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { integerField } from '../../../../schemas/fields.ts'

/**
 * POST buyNodeCheck {id}: whether the user may buy node `id`, and what to pay.
 * data: `{ id, price, amount, amountWei, symbol, token, to, chainId }`.
 */
export function buyNodeCheckRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, payments, chainId, rateLimits } = context
  app.post(
    '/buyNodeCheck',
    { config: { rateLimit: { max: rateLimits.purchase, timeWindow: 60_000 } } },
    async (request) => {
      const user = await requireUser(context, request)
      const id = integerField(request.body, 'id', { min: 1, max: 1_000_000 })
      const { node, amount } = await checkNodePurchase(prisma, user.id, id)
      return ok(request, {
        id,
        price: decimalText(node.price),
        amount: fromUnits(amount),
        amountWei: amount.toString(),
        symbol: 'USDT',
        token: payments.token,
        to: await payments.getReceiver(),
        chainId,
      })
    },
  )
}
