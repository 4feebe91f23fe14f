// The keeper's payout states held by the database (migration `keeper_payout_states`): only the moves the chain can
// make (paying -> paid | failed | cancelled, failed -> paid | cancelled), paid and cancelled final, a row removed
// only while paying, and no other status.
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { createDatabase, type Database } from './createDatabase.ts'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'

let testDb: TestDatabase
let db: Database
beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'keeper_payout_states')
  db = await createDatabase({ url: testDb.url })
})
afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

const states = ['paying', 'paid', 'failed', 'cancelled'] as const
const allowed = new Set(['paying>paid', 'paying>failed', 'paying>cancelled', 'failed>paid', 'failed>cancelled'])
let next = 1

/** A payout row in `status` (keeper_payout has no foreign key: the request is the legacy API's). */
async function payout(status: string) {
  const id = next++
  await db.pool.query('INSERT INTO keeper_payout (withdrawal_id, status) VALUES ($1, $2)', [id, status])
  return id
}
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: Error) => error.message,
  )

test('every move between two states is allowed exactly when the chain can make it', async () => {
  for (const from of states) {
    for (const to of states) {
      const id = await payout(from)
      const result = await outcome(
        db.pool.query('UPDATE keeper_payout SET status = $2 WHERE withdrawal_id = $1', [id, to]),
      )
      if (from === to || allowed.has(`${from}>${to}`)) expect(result, `${from} -> ${to}`).toBe('ok')
      else expect(result, `${from} -> ${to}`).toMatch(/is not a payout move/)
    }
  }
})

test('only a paying claim is given back (deleted); no other status exists', async () => {
  for (const status of states) {
    const id = await payout(status)
    const result = await outcome(db.pool.query('DELETE FROM keeper_payout WHERE withdrawal_id = $1', [id]))
    if (status === 'paying') expect(result).toBe('ok')
    else expect(result, status).toMatch(/is never removed/)
  }
  expect(await outcome(payout('refunded'))).toMatch(/is not a payout state/)
  const id = await payout('paying')
  expect(
    await outcome(db.pool.query(`UPDATE keeper_payout SET status = 'done' WHERE withdrawal_id = $1`, [id])),
  ).toMatch(/is not a payout state/)
})
