import type { PrismaClient } from '@nexus/db'

export type Checkpoint = { blockNumber: bigint; blockHash: string }

/** The highest block of `chainId` whose events are all written, or null before the first range. */
export async function getCheckpoint(prisma: PrismaClient, chainId: number): Promise<Checkpoint | null> {
  const row = await prisma.chainCheckpoint.findUnique({
    where: { chainId },
    select: { blockNumber: true, blockHash: true },
  })
  return row
}
