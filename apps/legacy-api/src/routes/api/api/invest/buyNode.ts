import { Prisma } from '@nexus/db'
import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { rejected } from '../../../../errors.ts'
import { decimalText, fromUnits, toUnits } from '../../../../internal/money.ts'
import { checkNodePurchase } from '../../../../internal/nodePurchase.ts'
import { userPower } from '../../../../internal/power.ts'
import { recordPayment } from '../../../../internal/recordPayment.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { hashField, integerField } from '../../../../schemas/fields.ts'

/**
 * POST buyNode {id, hash}: records the purchase of node `id` paid by the USDT transfer `hash` (verified on chain;
 * each hash counts once). One node per user. data: `{ id, nodeId, amount, hash, createdAt }`.
 */
export function buyNodeRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, payments, rateLimits } = context
  app.post('/buyNode', { config: { rateLimit: { max: rateLimits.purchase, timeWindow: 60_000 } } }, async (request) => {
    const user = await requireUser(context, request)
    const id = integerField(request.body, 'id', { min: 1, max: 1_000_000 })
    const hash = hashField(request.body, 'hash')
    const { amount } = await checkNodePurchase(prisma, user.id, id)
    if (await prisma.legacyPayment.findUnique({ where: { txHash: hash }, select: { txHash: true } })) {
      throw rejected('txUsed')
    }
    const payment = await payments.verify({ hash, payer: user.address as `0x${string}`, amount, asset: 'token' })

    const order = await prisma
      .$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM legacy_user WHERE id = ${user.id} FOR UPDATE`
        const { node } = await checkNodePurchase(tx, user.id, id)
        await recordPayment(tx, { userId: user.id, kind: 'node', payment })
        const sold = await tx.$executeRaw`UPDATE legacy_node SET sold = sold + 1 WHERE id = ${id} AND sold < stock`
        if (sold !== 1) throw rejected('soldOut', { left: '0' })
        const created = await tx.legacyNodeOrder.create({
          data: { userId: user.id, nodeId: id, amount: fromUnits(amount), txHash: hash },
        })
        const power = toUnits(node.power)
        if (power > 0n) {
          const total = await userPower(tx, user.id)
          await tx.legacyPowerLog.create({
            data: {
              userId: user.id,
              amount: fromUnits(power),
              power: fromUnits(total),
              kind: 'node',
              refId: created.id,
            },
          })
        }
        return created
      })
      .catch((error: unknown) => {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
          throw rejected(JSON.stringify(error.meta ?? {}).includes('user_id') ? 'nodeOwned' : 'txUsed')
        }
        throw error
      })
    return ok(request, {
      id: order.id,
      nodeId: order.nodeId,
      amount: decimalText(order.amount),
      hash: order.txHash,
      createdAt: order.createdAt.toISOString(),
    })
  })
}
