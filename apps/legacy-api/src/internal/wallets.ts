import { creditLegacyWallet, type Prisma, type PrismaClient } from '@nexus/db'
import { rejected } from '../errors.ts'
import type { CreditType } from '../schemas/fields.ts'
import { fromUnits, toUnits } from './money.ts'

type Db = PrismaClient | Prisma.TransactionClient

/**
 * Adds `amount` (base units, > 0) to a wallet and logs it, atomically in the database (the row is created on
 * first use). Returns the balance after.
 */
export async function creditWallet(
  db: Db,
  entry: { userId: number; creditType: CreditType; amount: bigint; kind: string; refId?: number },
): Promise<bigint> {
  return toUnits(await creditLegacyWallet(db, { ...entry, amount: fromUnits(entry.amount) }))
}

/**
 * Takes `amount` (base units, > 0) from a wallet and logs it; one conditional UPDATE, so the balance never goes
 * below zero, whatever runs concurrently.
 * @throws LegacyError 4800 "Balance Insufficient".
 */
export async function debitWallet(
  db: Db,
  entry: { userId: number; creditType: CreditType; amount: bigint; kind: string; refId?: number },
): Promise<bigint> {
  const amount = fromUnits(entry.amount)
  const rows = await db.$queryRaw<{ balance: string }[]>`
    UPDATE legacy_wallet SET balance = balance - ${amount}::numeric, updated_at = now()
    WHERE user_id = ${entry.userId} AND credit_type = ${entry.creditType} AND balance >= ${amount}::numeric
    RETURNING balance::text AS balance`
  const balance = rows[0]?.balance
  if (balance === undefined) throw rejected('balanceInsufficient')
  await db.legacyWalletLog.create({
    data: {
      userId: entry.userId,
      creditType: entry.creditType,
      amount: `-${amount}`,
      balance,
      kind: entry.kind,
      refId: entry.refId ?? null,
    },
  })
  return toUnits(balance)
}

/** The user's balance of every credit type (0 for a wallet never used), as exact decimal strings. */
export async function walletBalances(db: Db, userId: number): Promise<Record<CreditType, string>> {
  const wallets = await db.legacyWallet.findMany({ where: { userId }, select: { creditType: true, balance: true } })
  const balances: Record<CreditType, string> = { USDT: '0', ARB: '0' }
  for (const wallet of wallets) {
    if (wallet.creditType in balances) balances[wallet.creditType as CreditType] = fromUnits(toUnits(wallet.balance))
  }
  return balances
}
