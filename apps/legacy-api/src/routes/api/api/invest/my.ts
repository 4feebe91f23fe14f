import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { decimalText, fromUnits } from '../../../../internal/money.ts'
import { userPower } from '../../../../internal/power.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { settleMining } from '../../../../internal/settleMining.ts'
import { walletBalances } from '../../../../internal/wallets.ts'
import { ok } from '../../../../plugins/app/ok.ts'

/**
 * POST my: the user's account: `{ id, username, address, recommender, createdAt, power, machineCount, node,
 * wallets: { USDT, ARB } }` (mining output credited first).
 */
export function myRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, dayLength } = context
  app.post('/my', async (request) => {
    const user = await requireUser(context, request)
    await settleMining(prisma, user.id, dayLength)
    const now = new Date()
    const [power, wallets, machineCount, node] = await Promise.all([
      userPower(prisma, user.id, now),
      walletBalances(prisma, user.id),
      prisma.legacyMachine.count({ where: { userId: user.id, endAt: { gt: now } } }),
      prisma.legacyNodeOrder.findUnique({ where: { userId: user.id }, include: { node: true } }),
    ])
    return ok(request, {
      id: user.id,
      username: user.username,
      address: user.address,
      recommender: user.recommender,
      createdAt: user.createdAt.toISOString(),
      power: fromUnits(power),
      machineCount,
      node: node ? { id: node.nodeId, name: node.node.name, amount: decimalText(node.amount) } : null,
      wallets,
    })
  })
}
