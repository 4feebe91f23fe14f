// The periodic fold of ended machines out of the team totals, on a real PostgreSQL.
import { zeroAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { account, addMachine, addRegistration, setupApp, type TestApp } from '../_test/setup.ts'
import { createApp } from '../createApp.ts'

let t: TestApp
beforeAll(async () => {
  t = await setupApp('legacy_team_fold', { teamFoldIntervalMs: 1_000 })
})
afterAll(async () => {
  await t?.close()
})

test('runs once the app is ready and then every interval: an ended machine is folded without a request', async () => {
  const [root, member] = [account(1), account(2)]
  await addRegistration(t.db, root.address, zeroAddress, 1)
  await addRegistration(t.db, member.address, root.address, 2)
  const { id: userId } = await t.db.prisma.legacyUser.create({
    data: { address: member.address.toLowerCase(), username: 'member' },
  })
  await addMachine(t.db, userId, {
    amount: '10',
    power: '20',
    endAt: new Date(Date.now() + 300),
    txHash: `0x${'f'.repeat(64)}`,
  })
  const row = () =>
    t.db.pool.query<{ expired: boolean; power: string }>(
      `SELECT r.expired, t.power::text FROM legacy_team_machine r
       JOIN legacy_team_total t ON t.chain_id = r.chain_id AND t.ancestor = r.ancestor
       WHERE r.ancestor = $1`,
      [root.address.toLowerCase()],
    )
  expect((await row()).rows).toEqual([{ expired: false, power: '20.000000000000000000' }])
  await t.app.ready()
  let folded = false
  for (let i = 0; i < 40 && !folded; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    folded = (await row()).rows[0]?.expired === true
  }
  expect((await row()).rows).toEqual([{ expired: true, power: '0.000000000000000000' }])
})

test('refuses an interval under a second (0 would spin)', async () => {
  for (const teamFoldIntervalMs of [0, -1, 999, Number.NaN, Number.POSITIVE_INFINITY]) {
    await expect(
      createApp({ db: t.db, paymentToken: zeroAddress, paymentReceiver: zeroAddress, teamFoldIntervalMs }),
    ).rejects.toThrow(/teamFoldIntervalMs must be at least 1000 ms/)
  }
})
