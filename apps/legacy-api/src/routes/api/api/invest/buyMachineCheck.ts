import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { checkMachinePurchase, maxMachinesPerPurchase } from '../../../../internal/machinePurchase.ts'
import { decimalText, fromUnits } from '../../../../internal/money.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { integerField } from '../../../../schemas/fields.ts'

/**
 * POST buyMachineCheck {id, num}: whether the user may buy `num` machines of type `id`, and what to pay.
 * data: `{ id, num, price, amount, amountWei, symbol, token, to, chainId }` — send `amountWei` of `token` to
 * `to`, then call buyMachine with the transaction hash.
 */
export function buyMachineCheckRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, payments, chainId, rateLimits } = context
  app.post(
    '/buyMachineCheck',
    { config: { rateLimit: { max: rateLimits.purchase, timeWindow: 60_000 } } },
    async (request) => {
      const user = await requireUser(context, request)
      const id = integerField(request.body, 'id', { min: 1, max: 1_000_000 })
      const num = integerField(request.body, 'num', { min: 1, max: maxMachinesPerPurchase })
      const { type, amount } = await checkMachinePurchase(prisma, user.id, id, num)
      return ok(request, {
        id,
        num,
        price: decimalText(type.price),
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
