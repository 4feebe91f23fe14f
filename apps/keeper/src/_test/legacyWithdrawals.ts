import { type Database, refundRejectedWithdrawal } from '@nexus/db'
import type { Address } from 'viem'

/**
 * Legacy withdrawals as the legacy API's `withdraw` route accepts them, written straight into the database for the
 * keeper's tests: `withdrawal(user, amount)` makes sure `users[user]` has its server account (username
 * `<usernamePrefix><user>`) and adds a request with a deposit hash of its own; `nextHash` gives the next such hash
 * (padded with `hashFill`, so that each suite's hashes differ); `reject(id)` is a manager's rejection. `db` is read
 * at each call: suites open their database in `beforeAll`.
 */
export function legacyWithdrawals(options: {
  db: () => Database
  users: readonly { address: Address }[]
  usernamePrefix?: string
  hashFill?: string
}) {
  const { db, users, usernamePrefix = 'user', hashFill = '0' } = options
  let seq = 0
  const nextHash = () => `0x${(++seq).toString(16).padStart(64, hashFill)}`

  async function withdrawal(user: number, amount: string, creditType = 'USDT', status = 'pending') {
    const account = users[user]
    if (!account) throw new Error(`no test user ${user}`)
    const address = account.address.toLowerCase()
    const owner = await db().prisma.legacyUser.upsert({
      where: { address },
      create: { address, username: `${usernamePrefix}${user}` },
      update: {},
    })
    return await db().prisma.legacyWithdrawal.create({
      data: { userId: owner.id, creditType, amount, status, txHash: nextHash() },
    })
  }

  /**
   * A manager's rejection as the legacy API's withdrawReject makes it (same locks, same rule, the same refund code):
   * a pending or approved request the keeper has not claimed becomes `rejecting` (the keeper cancels its id on
   * chain); one whose payout is cancelled on chain is refunded at once (`rejected`). False: refused.
   */
  async function reject(id: number): Promise<'rejecting' | 'rejected' | false> {
    return await db().prisma.$transaction(async (tx) => {
      const [w] = await tx.$queryRaw<
        { status: string }[]
      >`SELECT status FROM legacy_withdrawal WHERE id = ${id} FOR UPDATE`
      if (w?.status !== 'pending' && w?.status !== 'approved') return false
      const [p] = await tx.$queryRaw<{ status: string }[]>`
        SELECT status FROM keeper_withdrawal_payout WHERE withdrawal_id = ${id}`
      if (p && p.status !== 'cancelled') return false
      await tx.$executeRaw`UPDATE legacy_withdrawal SET status = 'rejecting', reason = 'test' WHERE id = ${id}`
      return (await refundRejectedWithdrawal(tx, id)) ? 'rejected' : 'rejecting'
    })
  }

  return { withdrawal, nextHash, reject }
}
