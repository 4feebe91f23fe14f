// The legacy API's withdrawal decisions held by the database (migration `legacy_withdrawal_rejecting`): only the
// moves a manager and the chain allow (pending -> approved | rejecting | rejected, approved -> rejecting | rejected,
// rejecting -> rejected, rejected final), `rejected` only while the keeper's payout is cancelled on chain, and a
// `withdraw_refund` wallet log only for a rejected withdrawal, once.
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { createDatabase, type Database } from './createDatabase.ts'
import { finishRejections, refundsOf } from './legacyWithdrawals.ts'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'

let testDb: TestDatabase
let db: Database
let userId: number
beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'legacy_withdrawal_states')
  db = await createDatabase({ url: testDb.url })
  userId = (await db.prisma.legacyUser.create({ data: { address: '0x'.padEnd(42, '1'), username: 'states' } })).id
})
afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

const states = ['pending', 'approved', 'rejecting', 'rejected'] as const
const allowed = new Set([
  'pending>approved',
  'pending>rejecting',
  'pending>rejected',
  'approved>rejecting',
  'approved>rejected',
  'rejecting>rejected',
])
let next = 1

/** A withdrawal of 3 USDT in `status`, with the keeper's payout of it in `payout` (none if undefined). */
async function withdrawal(status: string, payout?: string) {
  const w = await db.prisma.legacyWithdrawal.create({
    data: { userId, creditType: 'USDT', amount: '3', status, txHash: `0x${(next++).toString(16).padStart(64, '0')}` },
  })
  if (payout) await db.pool.query('INSERT INTO keeper_payout (withdrawal_id, status) VALUES ($1, $2)', [w.id, payout])
  return w.id
}
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: Error) => error.message,
  )
const move = (id: number, to: string) =>
  outcome(db.pool.query('UPDATE legacy_withdrawal SET status = $2 WHERE id = $1', [id, to]))

test('every move between two decisions is allowed exactly when a manager and the chain can make it', async () => {
  for (const from of states) {
    for (const to of states) {
      // a cancelled payout, so that a move to rejected is refused for its order only
      const id = await withdrawal(from, 'cancelled')
      const result = await move(id, to)
      if (from === to || allowed.has(`${from}>${to}`)) expect(result, `${from} -> ${to}`).toBe('ok')
      else expect(result, `${from} -> ${to}`).toMatch(/is not a withdrawal move/)
    }
  }
  expect(await outcome(withdrawal('paying'))).toMatch(/is not a withdrawal state/)
})

test('rejected only once the payout is cancelled on chain: not unclaimed, paying, failed nor paid', async () => {
  for (const payout of [undefined, 'paying', 'failed', 'paid']) {
    const id = await withdrawal('rejecting', payout)
    expect(await move(id, 'rejected'), String(payout)).toMatch(/rejected only once its payout is cancelled on chain/)
  }
})

test('a refund needs a rejected withdrawal and happens once; finishRejections refunds exactly the cancelled ones', async () => {
  const log = (id: number) =>
    outcome(
      db.pool.query(
        `INSERT INTO legacy_wallet_log (user_id, credit_type, amount, balance, kind, ref_id)
         VALUES ($1, 'USDT', 3, 3, 'withdraw_refund', $2)`,
        [userId, id],
      ),
    )
  await finishRejections(db.prisma) // the withdrawals the tests above left rejecting with a cancelled payout
  expect(await log(await withdrawal('pending'))).toMatch(/is pending, not rejected: no refund/)
  const cancelling = await withdrawal('rejecting')
  const cancelled = await withdrawal('rejecting', 'cancelled')
  const paid = await withdrawal('rejecting', 'paid')
  const before = await db.prisma.legacyWallet.findUnique({
    where: { userId_creditType: { userId, creditType: 'USDT' } },
  })
  expect(await finishRejections(db.prisma)).toEqual([cancelled])
  expect(await finishRejections(db.prisma)).toEqual([])
  const after = await db.prisma.legacyWallet.findUniqueOrThrow({
    where: { userId_creditType: { userId, creditType: 'USDT' } },
  })
  expect(Number(after.balance) - Number(before?.balance ?? 0)).toBe(3)
  expect([
    await refundsOf(db.prisma, cancelling),
    await refundsOf(db.prisma, cancelled),
    await refundsOf(db.prisma, paid),
  ]).toEqual([0, 1, 0])
  expect(await log(cancelled)).toMatch(/is refunded already/)
  // two refunds at once: one waits for the other's lock and then finds it
  const racing = await withdrawal('rejecting', 'cancelled')
  const results = await Promise.all([finishRejections(db.prisma), finishRejections(db.prisma)])
  expect(results.flat()).toEqual([racing])
  expect(await refundsOf(db.prisma, racing)).toBe(1)
})
