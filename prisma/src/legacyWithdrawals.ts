import { Prisma, type PrismaClient } from '../generated/client/client.ts'

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

/**
 * SQL of what the account of withdrawal request `id` (an SQL expression) asked for without a manager's decision in
 * its credit type on its UTC day, up to and including that request (by id): the amount WITHDRAW_APPROVAL_THRESHOLD
 * applies to (`awaitsApproval`), so that 5,000 taken as 5 × 1,000 waits for a manager from the second request on, as
 * 5,000 at once does. Requests a manager approved (seen by a manager) or rejected (not paid) are not counted. Read
 * through the legacy API's view `legacy_withdrawal_request`. An exact decimal text without trailing zeros; NULL for
 * an unknown id.
 */
export const accountDayTotalSql = (id: Prisma.Sql) => Prisma.sql`(
  SELECT trim_scale(SUM(o.amount))::text
  FROM legacy_withdrawal_request t
  JOIN legacy_withdrawal_request o ON o.address = t.address AND o.credit_type = t.credit_type AND o.id <= t.id
    AND (o.status = 'pending' OR o.id = t.id)
    AND (o.created_at AT TIME ZONE 'UTC')::date = (t.created_at AT TIME ZONE 'UTC')::date
  WHERE t.id = ${id})`

/** {@link accountDayTotalSql} of request `id`: an exact decimal string (`'0'` for an unknown id). */
export async function accountDayTotal(prisma: PrismaClient, id: number): Promise<string> {
  const rows = await prisma.$queryRaw<
    { total: string | null }[]
  >`SELECT ${accountDayTotalSql(Prisma.sql`${id}::int`)} AS total`
  return rows[0]?.total ?? '0'
}
