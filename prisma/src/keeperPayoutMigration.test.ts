// The keeper_payout migration on a database that already has withdrawals: every legacy_withdrawal row in a payout
// state (paying, paid, failed) moves to keeper_payout exactly, and the legacy API's own states stay where they are.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { deployMigrations } from './migrate.ts'
import { parseDatabaseUrl } from './parseDatabaseUrl.ts'
import { migrationsDir } from './paths.ts'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'

const committed = readdirSync(migrationsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
const target = committed.findIndex((name) => name.endsWith('_keeper_payout'))

let db: TestDatabase
let scratch: string
let client: pg.Client
beforeAll(async () => {
  db = await createTestDatabase(inject('databaseUrl'), 'keeper_payout_migration')
  scratch = mkdtempSync(join(tmpdir(), 'nexus-keeper-payout-'))
  client = new pg.Client(parseDatabaseUrl(db.url))
  await client.connect()
})
afterAll(async () => {
  await client?.end()
  await db?.drop()
  rmSync(scratch, { recursive: true, force: true })
})

type Legacy = {
  status: string
  decided_by: string | null
  decided_at: Date | null
  reason: string | null
  payout_tx_hash: string | null
  paid_at: Date | null
}

const at = (iso: string) => new Date(iso)
const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
// Every state a withdrawal could be in before the migration, decided by a manager or not where both existed.
const legacy: Legacy[] = [
  { status: 'pending', decided_by: null, decided_at: null, reason: null, payout_tx_hash: null, paid_at: null },
  {
    status: 'approved',
    decided_by: '0xmanager',
    decided_at: at('2026-11-20T01:00:00Z'),
    reason: 'ok',
    payout_tx_hash: null,
    paid_at: null,
  },
  {
    status: 'rejected',
    decided_by: '0xmanager',
    decided_at: at('2026-11-20T02:00:00Z'),
    reason: 'fraud',
    payout_tx_hash: null,
    paid_at: null,
  },
  { status: 'paying', decided_by: null, decided_at: null, reason: null, payout_tx_hash: null, paid_at: null },
  {
    status: 'paying',
    decided_by: '0xmanager',
    decided_at: at('2026-11-20T03:00:00Z'),
    reason: 'big',
    payout_tx_hash: tx(1),
    paid_at: null,
  },
  {
    status: 'paid',
    decided_by: null,
    decided_at: null,
    reason: null,
    payout_tx_hash: tx(2),
    paid_at: at('2026-11-20T04:00:00Z'),
  },
  {
    status: 'paid',
    decided_by: '0xmanager',
    decided_at: at('2026-11-20T05:00:00Z'),
    reason: 'big',
    payout_tx_hash: tx(3),
    paid_at: at('2026-11-20T05:30:00Z'),
  },
  { status: 'failed', decided_by: null, decided_at: null, reason: 'out of gas', payout_tx_hash: null, paid_at: null },
  {
    status: 'failed',
    decided_by: '0xmanager',
    decided_at: at('2026-11-20T06:00:00Z'),
    reason: 'reverted',
    payout_tx_hash: tx(4),
    paid_at: null,
  },
]
const payoutStates = new Set(['paying', 'paid', 'failed'])

test('keeper_payout moves every paying/paid/failed withdrawal exactly and leaves the others', async () => {
  expect(target).toBeGreaterThan(0)
  const before = join(scratch, 'before')
  for (const name of committed.slice(0, target))
    cpSync(join(migrationsDir, name), join(before, name), { recursive: true })
  cpSync(join(migrationsDir, 'migration_lock.toml'), join(before, 'migration_lock.toml'))
  expect(await deployMigrations({ url: db.url, migrationsDir: before })).toEqual(committed.slice(0, target))

  const user = await client.query<{ id: number }>(
    `INSERT INTO legacy_user (address, username) VALUES ('0xuser', 'user') RETURNING id`,
  )
  const ids: number[] = []
  for (const [i, w] of legacy.entries()) {
    const row = await client.query<{ id: number }>(
      `INSERT INTO legacy_withdrawal (user_id, credit_type, amount, tx_hash, status, created_at, decided_by, decided_at,
         reason, payout_tx_hash, paid_at)
       VALUES ($1, 'usdt', $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        user.rows[0]?.id,
        `${i + 1}.5`,
        tx(100 + i),
        w.status,
        at(`2026-11-19T0${i}:00:00Z`),
        w.decided_by,
        w.decided_at,
        w.reason,
        w.payout_tx_hash,
        w.paid_at,
      ],
    )
    ids.push(row.rows[0]?.id ?? -1)
  }

  expect(await deployMigrations({ url: db.url })).toEqual(committed.slice(target))

  const payouts = await client.query(
    'SELECT withdrawal_id, status, payout_tx_hash, reason, claimed_at, paid_at FROM keeper_payout ORDER BY withdrawal_id',
  )
  const expectedPayouts = legacy.flatMap((w, i) =>
    payoutStates.has(w.status)
      ? [
          {
            withdrawal_id: ids[i],
            status: w.status,
            payout_tx_hash: w.payout_tx_hash,
            reason: w.status === 'failed' ? w.reason : null,
            claimed_at: w.decided_at ?? at(`2026-11-19T0${i}:00:00Z`),
            paid_at: w.paid_at,
          },
        ]
      : [],
  )
  expect(expectedPayouts).toHaveLength(6)
  expect(payouts.rows).toEqual(expectedPayouts)

  const withdrawals = await client.query(
    `SELECT id, status, decided_by, decided_at, reason, amount::text AS amount, tx_hash FROM legacy_withdrawal ORDER BY id`,
  )
  expect(withdrawals.rows).toEqual(
    legacy.map((w, i) => ({
      id: ids[i],
      // A payout's withdrawal keeps the decision it had: approved if a manager decided it, else pending.
      status: payoutStates.has(w.status) ? (w.decided_by ? 'approved' : 'pending') : w.status,
      decided_by: w.decided_by,
      decided_at: w.decided_at,
      // A failure's reason was the keeper's; a manager's reason stays.
      reason: w.status === 'failed' ? null : w.reason,
      amount: `${i + 1}.500000000000000000`,
      tx_hash: tx(100 + i),
    })),
  )
  const columns = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'legacy_withdrawal'`,
  )
  expect(columns.rows.map((c) => c.column_name)).not.toContain('payout_tx_hash')
  expect(columns.rows.map((c) => c.column_name)).not.toContain('paid_at')

  // Both read interfaces see the moved rows.
  const view = await client.query('SELECT withdrawal_id, status FROM keeper_withdrawal_payout ORDER BY withdrawal_id')
  expect(view.rows).toEqual(expectedPayouts.map((p) => ({ withdrawal_id: p.withdrawal_id, status: p.status })))
  const requests = await client.query('SELECT id, address, status FROM legacy_withdrawal_request ORDER BY id')
  expect(requests.rows).toEqual(withdrawals.rows.map((w) => ({ id: w.id, address: '0xuser', status: w.status })))
})
