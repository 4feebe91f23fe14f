// Pieces the benchmarks share: the load generator, the code of an earlier commit for before/after figures from the
// same run, and the order totals the indexer keeps at ingestion (filled in bulk after a synthetic load).
import { execSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Pool } from '@nexus/db'

export const repoRoot = join(import.meta.dirname, '..', '..', '..')

/**
 * Waits until a running indexer has caught up: its checkpoint at the chain's head (`head()`, asked each time) and
 * the secondary indexes a catch-up defers rebuilt. Polls every 50 ms.
 */
export async function untilCaughtUp(pool: Pool, head: () => Promise<bigint>): Promise<void> {
  for (;;) {
    await new Promise((r) => setTimeout(r, 50))
    const row = (await pool.query('SELECT block_number FROM chain_checkpoint')).rows[0] as
      { block_number: string } | undefined
    if (
      row &&
      BigInt(row.block_number) >= (await head()) &&
      !(await pool.query('SELECT 1 FROM deferred_index')).rowCount
    )
      return
  }
}

export type LoadResult = {
  latency: { p50: number; p99: number }
  requests: { average: number; total: number }
  non2xx: number
  errors: number
}

/**
 * autocannon in a child process (POST, 8 connections), so that the load generator has its own event loop. With
 * several bodies, each request takes the next one (in turn), e.g. one account per request.
 */
export async function loadTest(url: string, body: string | readonly string[], duration: number): Promise<LoadResult> {
  const cli = join(repoRoot, 'node_modules', 'autocannon', 'autocannon.js')
  const args =
    typeof body === 'string'
      ? [cli, '--json', '-c', '8', '-d', String(duration), '-m', 'POST', '-H', 'content-type=application/json']
      : ['--input-type=commonjs', '-e', rotatingBodies, cli, url, String(duration)]
  const child = spawn(process.execPath, typeof body === 'string' ? [...args, '-b', body, url] : args, {
    stdio: [typeof body === 'string' ? 'ignore' : 'pipe', 'pipe', 'ignore'],
  })
  // The bodies go through stdin: thousands of them exceed what a command line may hold.
  if (typeof body !== 'string') child.stdin?.end(JSON.stringify(body))
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  if (code !== 0) throw new Error(`autocannon exited with ${code}`)
  return JSON.parse(output) as LoadResult
}

/** The child of a load test with several bodies: autocannon's API, the next body for each request. */
const rotatingBodies = `
const [cli, url, duration] = process.argv.slice(1)
const list = JSON.parse(require('node:fs').readFileSync(0, 'utf8'))
let next = 0
require(cli)(
  { url, connections: 8, duration: Number(duration), method: 'POST', headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: list[next++ % list.length] }) }] },
  (error, result) => { if (error) throw error; process.stdout.write(JSON.stringify(result)) },
)`

/**
 * A module of apps/indexer/src as it was at `commit` (extracted once under .data/bench-before/), e.g.
 * `await importAtCommit<{ writeRange: ... }>('abc123', 'store/writeRange.ts')`.
 */
export async function importAtCommit<T>(commit: string, path: string): Promise<T> {
  const dir = join(import.meta.dirname, '..', '.data', 'bench-before', commit)
  if (!existsSync(join(dir, 'apps'))) {
    mkdirSync(dir, { recursive: true })
    execSync(`git -C ${JSON.stringify(repoRoot)} archive ${commit} apps/indexer/src | tar -x -C ${JSON.stringify(dir)}`)
  }
  return (await import(pathToFileURL(join(dir, 'apps', 'indexer', 'src', path)).href)) as T
}

/** The order totals per owner and per team that the indexer keeps with each range (see writeRange), in bulk. */
export async function fillOrderTotals(pool: Pool): Promise<void> {
  await pool.query(
    `INSERT INTO account_order_total (chain_id, owner, contract, amount, orders)
     SELECT chain_id, owner, contract, sum(amount), count(*)::int FROM order_record GROUP BY 1, 2, 3
     ON CONFLICT (chain_id, owner, contract) DO UPDATE SET amount = EXCLUDED.amount, orders = EXCLUDED.orders`,
  )
  await pool.query(
    `INSERT INTO team_order_total (chain_id, account, contract, amount)
     SELECT p.chain_id, p.ancestor, o.contract, sum(o.amount) FROM referral_path p
     JOIN account_order_total o ON o.chain_id = p.chain_id AND o.owner = p.descendant GROUP BY 1, 2, 3
     ON CONFLICT (chain_id, account, contract) DO UPDATE SET amount = EXCLUDED.amount`,
  )
}

const account = (sql: string) => `'0x' || lpad(to_hex(${sql}), 40, '0')`
// Rows are spread over 20,000 accounts, except that every 50th belongs to the measured account (0x…07): 20,000
// action log entries and 10,000 orders, so that its pages, cursors and counts run over a long history.
const ownerOf = (g: string) => `CASE WHEN ${g} % 50 = 0 THEN ${account('7')} ELSE ${account(`${g} % 20000`)} END`
const owner = ownerOf('g')

/**
 * The GraphQL benchmarks' data (graphqlBench.ts, replicaBench.ts): 1,000,000 action_log rows of 20,000 accounts,
 * 500,000 Burn orders (every other one with a later status change), a binary referral tree of the same accounts with
 * its closure, the order totals and a checkpoint; the measured account (0x…07) has 20,000 of the action log rows,
 * 10,000 of the orders and a team of 4,094. Vacuumed and analysed, as autovacuum leaves an insert-mostly table.
 */
export async function fillGraphqlData(pool: Pool): Promise<void> {
  await pool.query(
    `INSERT INTO action_log (chain_id, index, owner, "from", writer, user_index, symbol, action, is_reduce, is_reward,
       amount, balance, start_time, block_number, block_hash, log_index, transaction_hash)
     SELECT 31337, g, ${owner}, '0x00', '0x00', g, (ARRAY['USDT','NEX','BNB'])[1 + g % 3],
       (ARRAY['burn','stake','claim'])[1 + g % 3], false, g % 5 = 0, g, g, g, g, '0x' || g, 0, '0x'
     FROM generate_series(1, 1000000) g`,
  )
  await pool.query(
    `INSERT INTO order_record (chain_id, contract, order_index, owner, amount, tokens, details, start_time, end_time,
       block_number, block_hash, log_index, transaction_hash)
     SELECT 31337, 'Burn', g, ${owner}, g, g, '{}', g, g + 100, g, '0xo' || g, 0, '0x'
     FROM generate_series(1, 500000) g`,
  )
  await pool.query(
    `INSERT INTO order_change (chain_id, block_hash, log_index, contract, order_index, owner, event_name, status,
       amount, details, block_number, block_timestamp, transaction_hash)
     SELECT 31337, '0xc' || g, 0, 'Burn', g * 2, ${ownerOf('g * 2')}, 'Released', 'completed', 1, '{}',
       1000000 + g, 1, '0x'
     FROM generate_series(1, 250000) g`,
  )
  // A binary referral tree: account g (1..19,999) was referred by g / 2; the closure has every ancestor.
  await pool.query(
    `INSERT INTO registration (chain_id, account, referrer, index, depth, block_number, block_hash, log_index,
       block_timestamp, transaction_hash)
     SELECT 31337, ${account('g')}, CASE WHEN g = 1 THEN ${account('0')} ELSE ${account('g / 2')} END, g,
       floor(log(2, g))::int, g, '0xr' || g, 0, g, '0x'
     FROM generate_series(1, 19999) g`,
  )
  await pool.query(
    `INSERT INTO referral_path (chain_id, ancestor, descendant, distance, block_number)
     SELECT 31337, ${account('g >> d')}, ${account('g')}, d, g
     FROM generate_series(2, 19999) g, generate_series(1, 15) d WHERE g >> d > 0`,
  )
  await fillOrderTotals(pool)
  // The checkpoint of an indexed database (counts are cached per checkpoint: see createCounts in resolvers.ts).
  await pool.query(
    `INSERT INTO chain_checkpoint (chain_id, block_number, block_hash, updated_at) VALUES (31337, 2000000, '0xh', now())`,
  )
  // As autovacuum leaves an insert-mostly table: statistics, and the visibility map that lets counts read the index alone.
  await pool.query('VACUUM (ANALYZE)')
}
