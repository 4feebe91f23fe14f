import type { PrismaClient } from '../generated/client/client.ts'

/**
 * The amount of legacy withdrawals of `creditType` that count against today's cap (WITHDRAW_DAILY_CAP): those the
 * keeper paid since 00:00 UTC of `now` and those it is paying. The keeper holds a payout that would pass the cap; the
 * legacy API shows the figure to managers. Read through the two apps' views (`legacy_withdrawal_request`,
 * `keeper_withdrawal_payout`), so that each reads only the other's read interface. An exact decimal string (`'0'`
 * when none).
 */
export async function withdrawnToday(prisma: PrismaClient, creditType: string, now: Date): Promise<string> {
  const start = new Date(now)
  start.setUTCHours(0, 0, 0, 0)
  const rows = await prisma.$queryRaw<{ total: string }[]>`
    SELECT COALESCE(SUM(r.amount), 0)::text AS total
    FROM legacy_withdrawal_request r JOIN keeper_withdrawal_payout p ON p.withdrawal_id = r.id
    WHERE r.credit_type = ${creditType} AND (p.status = 'paying' OR (p.status = 'paid' AND p.paid_at >= ${start}))`
  const total = rows[0]?.total ?? '0'
  // numeric's text keeps the column's 18 decimals: trailing zeros (and a bare point) dropped
  return total.includes('.') ? total.replace(/\.?0+$/, '') : total
}
