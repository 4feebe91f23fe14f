import type { Prisma, PrismaClient } from '@nexus/db'
import { rejected } from '../errors.ts'
import { toUnits } from './money.ts'

type Db = PrismaClient | Prisma.TransactionClient

/** The checks of a node purchase that do not need the chain: for sale, one left, the user owns none yet. */
export async function checkNodePurchase(db: Db, userId: number, nodeId: number) {
  const node = await db.legacyNode.findFirst({ where: { id: nodeId, enabled: true } })
  if (!node) throw rejected('nodeNotFound')
  if (node.sold >= node.stock) throw rejected('soldOut', { left: '0' })
  if (await db.legacyNodeOrder.findUnique({ where: { userId }, select: { id: true } })) throw rejected('nodeOwned')
  return { node, amount: toUnits(node.price) }
}
