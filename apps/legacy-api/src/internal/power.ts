import type { Prisma, PrismaClient } from '@nexus/db'
import { toUnits } from './money.ts'

type Db = PrismaClient | Prisma.TransactionClient

/** A user's power now: machines still running plus the node seat's power. In base units. */
export async function userPower(db: Db, userId: number, now = new Date()): Promise<bigint> {
  const rows = await db.$queryRaw<{ power: string }[]>`
    SELECT (COALESCE((SELECT SUM(power) FROM legacy_machine WHERE user_id = ${userId} AND end_at > ${now}), 0)
      + COALESCE((SELECT n.power FROM legacy_node_order o JOIN legacy_node n ON n.id = o.node_id
                  WHERE o.user_id = ${userId}), 0))::text AS power`
  return toUnits(rows[0]?.power ?? '0')
}
