// The periodic fold of ended machines out of the team totals, and the periodic sync of the team totals with the
// indexer's tree, on a real PostgreSQL.
import { zeroAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { account, addMachine, addRegistration, setupApp, type TestApp } from '../_test/setup.ts'
import { createApp } from '../createApp.ts'

let t: TestApp
beforeAll(async () => {
  t = await setupApp('legacy_team_fold', { teamFoldIntervalMs: 1_000, teamSyncIntervalMs: 100 })
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

test('the team sync runs every interval: a member the indexer adds brings its machines into the team without a request', async () => {
  await t.app.ready()
  const [root, member] = [account(3), account(4)]
  await addRegistration(t.db, root.address, zeroAddress, 10)
  const { id: userId } = await t.db.prisma.legacyUser.create({
    data: { address: member.address.toLowerCase(), username: 'joiner' },
  })
  await addMachine(t.db, userId, {
    amount: '7',
    power: '9',
    endAt: new Date(Date.now() + 3_600_000),
    txHash: `0x${'e'.repeat(64)}`,
  })
  // Written as the indexer writes it, and not synced by the test: only the app's timer brings it in.
  await addRegistration(t.db, member.address, root.address, 11, { sync: false })
  const total = async () =>
    (
      await t.db.pool.query<{ amount: string }>(
        'SELECT amount::text FROM legacy_team_total WHERE chain_id = 31337 AND ancestor = $1',
        [root.address.toLowerCase()],
      )
    ).rows[0]?.amount
  let amount: string | undefined
  for (let i = 0; i < 50 && amount === undefined; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    amount = await total()
  }
  expect(amount).toBe('7.000000000000000000')
})

test('refuses a sync interval under 100 ms', async () => {
  for (const teamSyncIntervalMs of [0, -1, 99, Number.NaN]) {
    await expect(
      createApp({ db: t.db, paymentToken: zeroAddress, paymentReceiver: zeroAddress, teamSyncIntervalMs }),
    ).rejects.toThrow(/teamSyncIntervalMs must be at least 100 ms/)
  }
})
