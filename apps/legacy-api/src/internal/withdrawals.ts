import { accountDayTotalSql, Prisma, type PrismaClient } from '@nexus/db'

/**
 * A withdrawal's state as users and managers see it: `rejected` (refunded) by a manager; `rejecting` while a manager's
 * rejection waits for the keeper to cancel its id on chain at a final block (unless the chain says it was paid:
 * then `paid`); else the keeper's payout state once it claimed the withdrawal (`paying`, `paid`, `failed`,
 * `cancelled`, read through its view `keeper_withdrawal_payout`); else this API's decision (`pending`, `approved`).
 * SQL over `legacy_withdrawal w` left-joined with the view as `p`.
 */
export const withdrawalState = Prisma.sql`CASE WHEN w.status = 'rejected' THEN 'rejected'
  WHEN w.status = 'rejecting' AND p.status IS DISTINCT FROM 'paid' THEN 'rejecting'
  ELSE COALESCE(p.status, w.status) END`

/** The FROM clause of {@link withdrawalState}: withdrawals, their users' addresses and the keeper's payouts. */
export const withdrawalsWithPayouts = Prisma.sql`legacy_withdrawal w JOIN legacy_user u ON u.id = w.user_id
  LEFT JOIN keeper_withdrawal_payout p ON p.withdrawal_id = w.id`

export type WithdrawalRow = {
  id: number
  userId: number
  address: string
  creditType: string
  amount: string
  /** See {@link withdrawalState}. */
  status: string
  /** A manager's reason of a rejection, else the keeper's of a failed payout. */
  reason: string | null
  payoutTxHash: string | null
  createdAt: Date
  /** What its account asked for in its credit type on its UTC day up to it (`accountDayTotalSql`). */
  dayTotal: string | null
}

/** The columns of a {@link WithdrawalRow}. */
const columns = Prisma.sql`w.id, w.user_id AS "userId", u.address, w.credit_type AS "creditType",
  w.amount::text AS amount, ${withdrawalState} AS status,
  CASE WHEN w.status IN ('rejected', 'rejecting') THEN w.reason ELSE COALESCE(p.reason, w.reason) END AS reason,
  p.payout_tx_hash AS "payoutTxHash", w.created_at AS "createdAt", ${accountDayTotalSql(Prisma.sql`w.id`)} AS "dayTotal"`

/** Withdrawals by id, with their state (see {@link withdrawalState}). */
export async function withdrawalsById(
  prisma: PrismaClient | Prisma.TransactionClient,
  ids: readonly number[],
): Promise<Map<number, WithdrawalRow>> {
  if (!ids.length) return new Map()
  const rows = await prisma.$queryRaw<WithdrawalRow[]>`
    SELECT ${columns} FROM ${withdrawalsWithPayouts} WHERE w.id IN (${Prisma.join(ids)})`
  return new Map(rows.map((row) => [row.id, row]))
}

/** One page of the withdrawals in `states`, by id (`asc` oldest first), and how many there are in all. */
export async function withdrawalPage(
  prisma: PrismaClient,
  states: readonly string[],
  order: 'asc' | 'desc',
  page: { skip: number; take: number },
): Promise<{ total: number; rows: WithdrawalRow[] }> {
  const where = Prisma.sql`${withdrawalState} IN (${Prisma.join(states)})`
  const [counted, rows] = await Promise.all([
    prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM ${withdrawalsWithPayouts} WHERE ${where}`,
    prisma.$queryRaw<WithdrawalRow[]>`
      SELECT ${columns} FROM ${withdrawalsWithPayouts} WHERE ${where}
      ORDER BY w.id ${order === 'asc' ? Prisma.sql`ASC` : Prisma.sql`DESC`} OFFSET ${page.skip} LIMIT ${page.take}`,
  ])
  return { total: counted[0]?.total ?? 0, rows }
}

/**
 * Locks withdrawal `id` (FOR UPDATE) and tells whether a manager may still decide it: not rejected, and not claimed
 * by the keeper unless its payout is in one of `payouts` (e.g. `cancelled`: the Payouts contract cancelled its id at
 * a final block, so it can never be paid). The keeper claims a payout while holding the same row FOR SHARE, so a
 * claim either committed before this lock, and is read here (this statement comes after the lock, with a snapshot
 * of its own), or waits for this transaction to end. Answers the payout's state when that is what refuses it;
 * `'unknown'` when no withdrawal has this id.
 */
export async function lockDecidable(
  tx: Prisma.TransactionClient,
  id: number,
  decisions: readonly string[],
  payouts: readonly string[],
): Promise<true | { refused: string | undefined } | 'unknown'> {
  const locked = await tx.$queryRaw<
    { status: string }[]
  >`SELECT status FROM legacy_withdrawal WHERE id = ${id} FOR UPDATE`
  if (!locked[0]) return 'unknown'
  if (!decisions.includes(locked[0].status)) return { refused: undefined }
  const [payout] = await tx.$queryRaw<{ status: string }[]>`
    SELECT status FROM keeper_withdrawal_payout WHERE withdrawal_id = ${id}`
  return payout === undefined || payouts.includes(payout.status) ? true : { refused: payout.status }
}
