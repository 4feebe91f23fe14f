import type { Prisma, PrismaClient } from '@nexus/db'
import { rejected } from '../errors.ts'
import { toUnits } from './money.ts'

type Db = PrismaClient | Prisma.TransactionClient

/** Largest `num` of one request. */
export const maxMachinesPerPurchase = 1_000

/**
 * The checks of a machine purchase that do not need the chain: the type is for sale, enough are left, and the
 * user stays within the type's limit. Returns the type and the price to pay in base units.
 */
export async function checkMachinePurchase(db: Db, userId: number, typeId: number, num: number) {
  const type: Prisma.LegacyMachineTypeModel | null = await db.legacyMachineType.findFirst({
    where: { id: typeId, enabled: true },
  })
  if (!type) throw rejected('machineTypeNotFound')
  const left = type.stock - type.sold
  if (num > left) throw rejected('soldOut', { left: String(left) })
  const owned = await db.legacyMachine.aggregate({ where: { userId, typeId }, _sum: { num: true } })
  if ((owned._sum.num ?? 0) + num > type.maxPerUser) throw rejected('perUserLimit', { max: String(type.maxPerUser) })
  return { type, amount: toUnits(type.price) * BigInt(num) }
}
