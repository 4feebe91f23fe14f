import type { PrismaClient } from '../generated/client/client.ts'

/**
 * The amount of legacy withdrawals of `creditType` that count against today's cap (WITHDRAW_DAILY_CAP): those
 * paid since 00:00 UTC of `now` and those being paid. The keeper holds a payout that would pass the cap; the
 * legacy API shows the figure to managers. An exact decimal string (`'0'` when none).
 */
export async function withdrawnToday(prisma: PrismaClient, creditType: string, now: Date): Promise<string> {
  const start = new Date(now)
  start.setUTCHours(0, 0, 0, 0)
  const { _sum } = await prisma.legacyWithdrawal.aggregate({
    _sum: { amount: true },
    where: { creditType, OR: [{ status: 'paying' }, { status: 'paid', paidAt: { gte: start } }] },
  })
  return _sum.amount?.toFixed() ?? '0'
}
