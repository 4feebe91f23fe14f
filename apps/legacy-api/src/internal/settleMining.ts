import type { PrismaClient } from '@nexus/db'
import { toUnits } from './money.ts'
import { creditWallet } from './wallets.ts'

/**
 * Credits the ARB that a user's machines have yielded: for each purchase, `dailyOutput` per whole day since it
 * started, up to its `days`, minus the days already credited. Run before anything reads or spends the ARB
 * wallet, so balances are current without a background job.
 *
 * @dev Each purchase advances `settled_days` with a conditional UPDATE (compare-and-set) in the transaction
 * that credits the wallet, so concurrent calls never credit a day twice.
 */
export async function settleMining(prisma: PrismaClient, userId: number, dayLength: number, now = new Date()) {
  const due = await prisma.$queryRaw<
    { id: number; daily_output: string; days: number; settled_days: number; start_at: Date }[]
  >`
    SELECT id, daily_output::text AS daily_output, days, settled_days, start_at FROM legacy_machine
    WHERE user_id = ${userId} AND settled_days < days
      AND start_at + make_interval(secs => (settled_days + 1)::double precision * ${dayLength}) <= ${now}`
  for (const machine of due) {
    const elapsed = Math.floor((now.getTime() - machine.start_at.getTime()) / (dayLength * 1000))
    const days = Math.min(machine.days, elapsed)
    if (days <= machine.settled_days) continue
    await prisma.$transaction(async (tx) => {
      const advanced = await tx.legacyMachine.updateMany({
        where: { id: machine.id, settledDays: machine.settled_days },
        data: { settledDays: days },
      })
      if (advanced.count !== 1) return
      const amount = toUnits(machine.daily_output) * BigInt(days - machine.settled_days)
      if (amount > 0n) await creditWallet(tx, { userId, creditType: 'ARB', amount, kind: 'mining', refId: machine.id })
    })
  }
}
