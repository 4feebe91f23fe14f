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

type Db = PrismaClient | Prisma.TransactionClient

/**
 * The legacy API's refund of a rejected withdrawal, in the caller's transaction: withdrawal `id` is locked (FOR
 * UPDATE); if a manager rejected it (`rejecting`) and the keeper's payout of it is `cancelled` (the Payouts contract
 * cancelled its id at a final block, so it can never be paid), it becomes `rejected` and its amount goes back to its
 * wallet with a `withdraw_refund` wallet log. Anything else (not rejected, the id not cancelled yet, or paid) changes
 * nothing. The database refuses a rejection without a cancelled payout and a second refund (migration
 * `legacy_withdrawal_rejecting`). Returns whether it refunded.
 */
export async function refundRejectedWithdrawal(tx: Prisma.TransactionClient, id: number): Promise<boolean> {
  const [w] = await tx.$queryRaw<{ status: string; userId: number; creditType: string; amount: string }[]>`
    SELECT status, user_id AS "userId", credit_type AS "creditType", amount::text AS amount
    FROM legacy_withdrawal WHERE id = ${id} FOR UPDATE`
  if (w?.status !== 'rejecting') return false
  // read after the lock, by a statement of its own: the keeper's record as committed now
  const [payout] = await tx.$queryRaw<{ status: string }[]>`
    SELECT status FROM keeper_withdrawal_payout WHERE withdrawal_id = ${id}`
  if (payout?.status !== 'cancelled') return false
  await tx.$executeRaw`UPDATE legacy_withdrawal SET status = 'rejected' WHERE id = ${id}`
  await creditLegacyWallet(tx, {
    userId: w.userId,
    creditType: w.creditType,
    amount: w.amount,
    kind: 'withdraw_refund',
    refId: id,
  })
  return true
}

/**
 * Adds `amount` (an exact decimal text, > 0) to a legacy API wallet and logs it with `kind` and `refId`, atomically
 * in the database (the wallet row is created on first use). Returns the balance after, as an exact decimal text.
 */
export async function creditLegacyWallet(
  db: Db,
  entry: { userId: number; creditType: string; amount: string; kind: string; refId?: number | null },
): Promise<string> {
  const [wallet] = await db.$queryRaw<{ balance: string }[]>`
    INSERT INTO legacy_wallet AS wallet (user_id, credit_type, balance, updated_at)
    VALUES (${entry.userId}, ${entry.creditType}, ${entry.amount}::numeric, now())
    ON CONFLICT (user_id, credit_type)
    DO UPDATE SET balance = wallet.balance + EXCLUDED.balance, updated_at = now()
    RETURNING wallet.balance::text AS balance`
  if (!wallet) throw new Error('legacy_wallet upsert returned no row')
  await db.$executeRaw`
    INSERT INTO legacy_wallet_log (user_id, credit_type, amount, balance, kind, ref_id)
    VALUES (${entry.userId}, ${entry.creditType}, ${entry.amount}::numeric, ${wallet.balance}::numeric, ${entry.kind},
      ${entry.refId ?? null})`
  return wallet.balance
}

/**
 * Refunds every rejected withdrawal whose id the keeper recorded cancelled on chain ({@link refundRejectedWithdrawal},
 * one transaction each), oldest first. The legacy API runs it periodically and before it lists withdrawals. Returns
 * the ids it refunded.
 */
export async function finishRejections(prisma: PrismaClient): Promise<number[]> {
  const candidates = await prisma.$queryRaw<{ id: number }[]>`
    SELECT w.id FROM legacy_withdrawal w JOIN keeper_withdrawal_payout p ON p.withdrawal_id = w.id
    WHERE w.status = 'rejecting' AND p.status = 'cancelled' ORDER BY w.id`
  const refunded: number[] = []
  for (const { id } of candidates) {
    if (await prisma.$transaction((tx) => refundRejectedWithdrawal(tx, id))) refunded.push(id)
  }
  return refunded
}

/** The `withdraw_refund` wallet logs of withdrawal `id` (0 or 1: the database refuses a second). */
export async function refundsOf(db: Db, id: number): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM legacy_wallet_log WHERE kind = 'withdraw_refund' AND ref_id = ${id}`
  return row?.n ?? 0
}
