// The team totals: `team_member_count` (the indexer's, kept by triggers on its `referral_path`, migration
// `team_totals`) and the legacy API's `legacy_team_total`/`legacy_team_machine` (kept by triggers on its machines and
// by `legacy_team_sync` from the indexer's views, migration `table_owners`), checked against the same figures
// computed from `referral_path` and `legacy_machine` directly, after random sequences of every kind of write
// (the tree written, and rolled back, the way the indexer does), and under concurrent writers.
import fc from 'fast-check'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest'
import { createDatabase, type Database } from './createDatabase.ts'
import { syncTeamTotals } from './legacyTeamSync.ts'
import { parseDatabaseUrl } from './parseDatabaseUrl.ts'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'

let testDb: TestDatabase
let db: Database
beforeAll(async () => {
  testDb = await createTestDatabase(inject('databaseUrl'), 'team_totals')
  db = await createDatabase({ url: testDb.url })
  await db.pool.query(
    `INSERT INTO legacy_machine_type (id, name, name_zh, price, power, daily_output, days, stock, max_per_user)
     VALUES (1, 'm', 'm', 1, 1, 1, 1, 1000000, 1000000)`,
  )
})
afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

async function clear() {
  await db.pool.query('TRUNCATE referral_path, chain_block, chain_checkpoint, legacy_team_sync, legacy_user CASCADE')
  await db.pool.query('TRUNCATE legacy_machine')
}
beforeEach(clear)

const chains = [31337, 56] as const
const address = (i: number) => `0x${(i + 1).toString(16).padStart(40, '0')}`
const epoch = Date.parse('2026-01-01T00:00:00Z')
const at = (hours: number) => new Date(epoch + hours * 3_600_000)

/**
 * Headers the simulated indexer keeps below its checkpoint (the real one keeps a confirmation window's): enough
 * that a sync usually finds its block still there ('added'), few enough that some find it pruned ('rebuilt').
 */
const keptHeaders = 20
/** Bumped by every rollback, so that the blocks written after it are another fork's (other hashes). */
let fork = 0
const hash = (chain: number, block: number) => `0x${chain}-${block}-${fork}`

/** Moves `chain`'s checkpoint to `block`, with its header, as the indexer does in the transaction of a range. */
async function indexed(client: pg.Pool | pg.PoolClient, chain: number, block: number) {
  await client.query(
    `WITH pruned AS (DELETE FROM chain_block WHERE chain_id = $1 AND number < $2::bigint - $4::bigint)
     INSERT INTO chain_block (chain_id, number, hash, parent_hash, timestamp) VALUES ($1, $2, $3, '', 0)
     ON CONFLICT (chain_id, number) DO UPDATE SET hash = EXCLUDED.hash`,
    [chain, block, hash(chain, block), keptHeaders],
  )
  await client.query(
    `INSERT INTO chain_checkpoint (chain_id, block_number, block_hash) VALUES ($1, $2, $3)
     ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash`,
    [chain, block, hash(chain, block)],
  )
}

/**
 * A reorg's rollback as the indexer commits it: back to the newest kept header at or below `block` (or to nothing
 * when none is kept: the index starts over), the tree's rows above it deleted, the checkpoint moved to it.
 */
async function rollback(chain: number, block: number) {
  fork += 1
  const { rows } = await db.pool.query<{ number: string; hash: string }>(
    'SELECT number::text, hash FROM chain_block WHERE chain_id = $1 AND number <= $2 ORDER BY number DESC LIMIT 1',
    [chain, block],
  )
  const to = rows[0] ? Number(rows[0].number) : -1
  await db.pool.query('DELETE FROM referral_path WHERE chain_id = $1 AND block_number > $2', [chain, to])
  await db.pool.query('DELETE FROM chain_block WHERE chain_id = $1 AND number > $2', [chain, to])
  if (rows[0]) {
    await db.pool.query('UPDATE chain_checkpoint SET block_number = $2, block_hash = $3 WHERE chain_id = $1', [
      chain,
      to,
      rows[0].hash,
    ])
  } else await db.pool.query('DELETE FROM chain_checkpoint WHERE chain_id = $1', [chain])
}

/** A new member `child` under `parent` (null: a root) in `chain`'s tree, written the way the indexer writes it. */
async function join(client: pg.Pool | pg.PoolClient, chain: number, child: string, parent: string, block: number) {
  await client.query(
    `INSERT INTO referral_path (chain_id, ancestor, descendant, distance, block_number)
     SELECT $1::int, $3::text, $2::text, 1, $4::bigint
     UNION ALL
     SELECT $1::int, ancestor, $2::text, distance + 1, $4::bigint FROM referral_path WHERE chain_id = $1 AND descendant = $3
     ON CONFLICT DO NOTHING`,
    [chain, child, parent, block],
  )
  await indexed(client, chain, block)
}

/** What the syncs did, over the whole file (each outcome must occur: see the property). */
const syncs = { unchanged: 0, added: 0, rebuilt: 0 }

/** The legacy API's sync of every chain, as its timer runs it. */
async function sync() {
  for (const chain of chains) {
    const result = await syncTeamTotals(db.pool, chain)
    syncs[result] += 1
  }
}

/**
 * Between syncs: in every chain whose synced block is still canonical, the legacy team rows are exactly the tree's
 * up to that block (the machines bought since included), and there are none above it.
 */
async function expectSyncedRows() {
  const row = (r: Record<string, unknown>) => `${r.chain_id} ${r.ancestor} ${r.machine_id} ${r.path_block}`
  const { rows: kept } = await db.pool.query(
    `SELECT r.chain_id, r.ancestor, r.machine_id, r.path_block FROM legacy_team_machine r
     JOIN legacy_team_sync s ON s.chain_id = r.chain_id
     JOIN chain_block b ON b.chain_id = s.chain_id AND b.number = s.block_number AND b.hash = s.block_hash`,
  )
  const { rows: tree } = await db.pool.query(
    `SELECT p.chain_id, p.ancestor, m.id AS machine_id, p.block_number AS path_block FROM referral_path p
     JOIN legacy_user u ON u.address = p.descendant JOIN legacy_machine m ON m.user_id = u.id
     JOIN legacy_team_sync s ON s.chain_id = p.chain_id AND p.block_number <= s.block_number
     JOIN chain_block b ON b.chain_id = s.chain_id AND b.number = s.block_number AND b.hash = s.block_hash`,
  )
  expect(kept.map(row).sort()).toEqual(tree.map(row).sort())
}

async function addUser(client: pg.Pool | pg.PoolClient, account: string) {
  await client.query(`INSERT INTO legacy_user (address, username) VALUES ($1, $1) ON CONFLICT DO NOTHING`, [account])
}

async function buy(client: pg.Pool | pg.PoolClient, account: string, amount: number, power: number, endHours: number) {
  await client.query(
    `INSERT INTO legacy_machine (user_id, type_id, num, price, amount, power, daily_output, days, tx_hash, start_at, end_at)
     SELECT id, 1, 1, $2, $2, $3, 1, 1, gen_random_uuid()::text, $4, $5 FROM legacy_user WHERE address = $1`,
    [account, amount, power, at(0), at(endHours)],
  )
}

/** Every account's figures as the triggers keep them, read the way teamInfo reads them, at `when`. */
async function kept(when: Date) {
  const { rows } = await db.pool.query(
    `SELECT a.chain_id, a.account, COALESCE(c.direct, 0) AS direct, COALESCE(c.team, 0) AS team,
       COALESCE(t.amount, 0)::text AS amount,
       (COALESCE(t.power, 0) - COALESCE((SELECT sum(m.power) FROM legacy_team_machine m WHERE m.chain_id = a.chain_id
          AND m.ancestor = a.account AND NOT m.expired AND m.end_at <= $1), 0))::text AS power
     FROM (SELECT chain_id, account FROM team_member_count UNION SELECT chain_id, ancestor FROM legacy_team_total
           UNION SELECT chain_id, ancestor FROM referral_path) a
     LEFT JOIN team_member_count c ON c.chain_id = a.chain_id AND c.account = a.account
     LEFT JOIN legacy_team_total t ON t.chain_id = a.chain_id AND t.ancestor = a.account
     ORDER BY 1, 2`,
    [when],
  )
  return rows
}

/** The same figures computed from the tree and the machines themselves. */
async function computed(when: Date) {
  const { rows } = await db.pool.query(
    `SELECT p.chain_id, p.ancestor AS account, count(DISTINCT p.descendant) FILTER (WHERE p.distance = 1)::int AS direct,
       count(DISTINCT p.descendant)::int AS team,
       COALESCE((SELECT sum(m.amount) FROM referral_path q JOIN legacy_user u ON u.address = q.descendant
          JOIN legacy_machine m ON m.user_id = u.id WHERE q.chain_id = p.chain_id AND q.ancestor = p.ancestor), 0)::text AS amount,
       COALESCE((SELECT sum(m.power) FROM referral_path q JOIN legacy_user u ON u.address = q.descendant
          JOIN legacy_machine m ON m.user_id = u.id WHERE q.chain_id = p.chain_id AND q.ancestor = p.ancestor
          AND m.end_at > $1), 0)::text AS power
     FROM referral_path p GROUP BY 1, 2 ORDER BY 1, 2`,
    [when],
  )
  return rows
}

const normalise = (rows: Record<string, unknown>[]) =>
  rows.map((r) => ({
    chain: Number(r.chain_id),
    account: String(r.account),
    direct: Number(r.direct),
    team: Number(r.team),
    amount: Number(r.amount),
    power: Number(r.power),
  }))

async function expectAgree(when: Date) {
  await sync()
  expect(normalise(await kept(when))).toEqual(normalise(await computed(when)))
}

type Op =
  | { kind: 'join'; chain: number; child: number; parent: number; thenSync: boolean }
  | { kind: 'user'; account: number }
  | { kind: 'buy'; account: number; amount: number; power: number; end: number }
  | { kind: 'sell'; pick: number }
  | { kind: 'extend'; pick: number; end: number; power: number }
  | { kind: 'leave'; account: number }
  | { kind: 'rollback'; chain: number; block: number }
  | { kind: 'fold'; hours: number }
  | { kind: 'sync' }
  | { kind: 'read'; hours: number }

const accounts = 8
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('join' as const),
      chain: fc.constantFrom(...chains),
      child: fc.nat(accounts - 1),
      parent: fc.integer({ min: -1, max: accounts - 1 }),
      // As the legacy API's timer would, at some point after the indexer's commit.
      thenSync: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('user' as const), account: fc.nat(accounts - 1) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      account: fc.nat(accounts - 1),
      amount: fc.integer({ min: 1, max: 1000 }),
      power: fc.integer({ min: 1, max: 1000 }),
      end: fc.integer({ min: 1, max: 48 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sell' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extend' as const),
      pick: fc.nat(),
      end: fc.integer({ min: 1, max: 48 }),
      power: fc.integer({ min: 1, max: 1000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), account: fc.nat(accounts - 1) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rollback' as const),
      chain: fc.constantFrom(...chains),
      block: fc.nat(30),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('fold' as const), hours: fc.integer({ min: 0, max: 50 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('read' as const), hours: fc.integer({ min: 0, max: 50 }) }) },
)

async function apply(step: Op, block: number) {
  const machineIds = async () =>
    (await db.pool.query<{ id: number }>('SELECT id FROM legacy_machine ORDER BY id')).rows.map((r) => r.id)
  switch (step.kind) {
    case 'join': {
      const child = address(step.child)
      const known = await db.pool.query(
        'SELECT 1 FROM referral_path WHERE chain_id = $1 AND (descendant = $2 OR ancestor = $2)',
        [step.chain, child],
      )
      // A registration happens once per account, under a parent that is not in its own (empty) team.
      if (known.rowCount || step.parent === step.child) return
      await join(db.pool, step.chain, child, step.parent < 0 ? address(100) : address(step.parent), block)
      if (step.thenSync) await sync()
      return
    }
    case 'user':
      return addUser(db.pool, address(step.account))
    case 'buy':
      // Often by someone who joins a tree only later: their machines join the teams through the sync.
      await addUser(db.pool, address(step.account))
      return buy(db.pool, address(step.account), step.amount, step.power, step.end)
    case 'sell': {
      const ids = await machineIds()
      if (ids.length) await db.pool.query('DELETE FROM legacy_machine WHERE id = $1', [ids[step.pick % ids.length]])
      return
    }
    case 'extend': {
      const ids = await machineIds()
      if (ids.length) {
        await db.pool.query('UPDATE legacy_machine SET end_at = $2, power = $3 WHERE id = $1', [
          ids[step.pick % ids.length],
          at(step.end),
          step.power,
        ])
      }
      return
    }
    case 'leave':
      // The user and (cascade) its machines.
      await db.pool.query('DELETE FROM legacy_user WHERE address = $1', [address(step.account)])
      return
    case 'rollback':
      return rollback(step.chain, step.block)
    case 'sync':
      return sync()
    case 'fold':
      await db.pool.query('SELECT legacy_team_fold($1)', [at(step.hours)])
      return
    case 'read':
      return expectAgree(at(step.hours))
  }
}

describe('the team totals follow the tree and the machines', () => {
  test('after random sequences of joins, purchases, sales, changes, deleted users, rollbacks, syncs and folds', async () => {
    let lastFold = 0
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 15, maxLength: 40 }), async (ops) => {
        await clear()
        lastFold = 0
        let block = 0
        for (const step of ops) {
          block += 1
          // Folds move forward in time, as the clock does: reads are checked at or after the last fold.
          if (step.kind === 'fold') lastFold = Math.max(lastFold, step.hours)
          if (step.kind === 'fold') await apply({ kind: 'fold', hours: lastFold }, block)
          else if (step.kind === 'read') await apply({ kind: 'read', hours: Math.max(step.hours, lastFold) }, block)
          else await apply(step, block)
          await expectSyncedRows()
        }
        await expectAgree(at(lastFold))
        await expectAgree(at(Math.max(lastFold, 49)))
      }),
      { numRuns: 40 },
    )
    expect(syncs.added).toBeGreaterThan(20)
    expect(syncs.rebuilt).toBeGreaterThan(20)
  })

  test('a machine removed after its end was folded takes only its amount out of the totals', async () => {
    await addUser(db.pool, address(1))
    await join(db.pool, 31337, address(1), address(0), 1)
    await sync()
    await buy(db.pool, address(1), 10, 20, 5)
    await buy(db.pool, address(1), 1, 2, 30)
    await db.pool.query('SELECT legacy_team_fold($1)', [at(10)])
    await db.pool.query('DELETE FROM legacy_machine WHERE end_at = $1', [at(5)])
    expect(normalise(await kept(at(10)))).toEqual([
      { chain: 31337, account: address(0), direct: 1, team: 1, amount: 1, power: 2 },
    ])
    await expectAgree(at(10))
  })

  test('truncating the tree or the machines empties the totals', async () => {
    await addUser(db.pool, address(1))
    await join(db.pool, 31337, address(1), address(0), 1)
    await sync()
    await buy(db.pool, address(1), 10, 20, 5)
    expect(normalise(await kept(at(0)))).toEqual([
      { chain: 31337, account: address(0), direct: 1, team: 1, amount: 10, power: 20 },
    ])
    await db.pool.query('TRUNCATE referral_path, chain_block, chain_checkpoint')
    await sync()
    expect(await kept(at(0))).toEqual([])
    expect((await db.pool.query('SELECT count(*)::int AS n FROM legacy_team_machine')).rows[0].n).toBe(0)
  })

  test('a purchase and a sync at once: the sync waits for the purchase and counts its machine', async () => {
    // The machine's transaction is open (holding the team lock) while the indexer writes the member and the sync
    // starts: the sync's snapshot must come after the purchase commits, else it would record the member's block
    // as synced without the machine's team row, and no later sync would add it.
    const config = parseDatabaseUrl(testDb.url)
    const buyer = new pg.Client(config)
    await buyer.connect()
    try {
      await addUser(db.pool, address(1))
      await join(db.pool, 31337, address(2), address(0), 1)
      await sync()
      await buyer.query('BEGIN')
      await buy(buyer as unknown as pg.PoolClient, address(1), 10, 20, 5)
      await join(db.pool, 31337, address(1), address(0), 2)
      const synced = syncTeamTotals(db.pool, 31337)
      await new Promise((resolve) => setTimeout(resolve, 200))
      await buyer.query('COMMIT')
      expect(await synced).toBe('added')
      expect(normalise(await kept(at(0))).find((r) => r.account === address(0))).toMatchObject({
        amount: 10,
        power: 20,
      })
      await expectSyncedRows()
      await expectAgree(at(0))
    } finally {
      await buyer.end()
    }
  })

  test('legacy_team_sync refuses to run outside a REPEATABLE READ transaction', async () => {
    await expect(db.pool.query('SELECT legacy_team_sync(31337)')).rejects.toThrow(/REPEATABLE READ/)
  })
})
