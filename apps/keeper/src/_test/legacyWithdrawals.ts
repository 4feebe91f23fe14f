import type { Database } from '@nexus/db'
import type { Address } from 'viem'

/**
 * Legacy withdrawals as the legacy API's `withdraw` route accepts them, written straight into the database for the
 * keeper's tests: `withdrawal(user, amount)` makes sure `users[user]` has its server account (username
 * `<usernamePrefix><user>`) and adds a request with a deposit hash of its own; `nextHash` gives the next such hash
 * (padded with `hashFill`, so that each suite's hashes differ). `db` is read at each call: suites open their database
 * in `beforeAll`.
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

  return { withdrawal, nextHash }
}
