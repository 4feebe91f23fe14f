// One keeper per database on every database the keeper runs on: PostgreSQL, and the embedded PGlite reached over
// its socket (as `npm start` runs it), where every connection shares one session so that an advisory lock excluded
// nothing (a second keeper got it too). A second keeper waits and says why in /readyz; a keeper frozen past its
// lease is taken over, and its write after the freeze is refused.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDatabase, type Database, LeaseLostError } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import { type HardhatNode, startHardhatNode } from '@nexus/testing'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { keeperAccount } from './createKeeper.ts'
import type { Job } from './jobs.ts'
import { startKeeper, type RunningKeeper } from './keeper.ts'
import { createLogger } from './log.ts'
import { createMetrics } from './metrics.ts'
import { JournaledSender } from './sender.ts'

const log = createLogger({ level: (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent' })

let node: HardhatNode
beforeAll(async () => {
  node = await startHardhatNode()
})
afterAll(async () => {
  await node?.stop()
})

type Setup = { first: Database; second: Database; close: () => Promise<void> }

const setups: Record<string, () => Promise<Setup>> = {
  async postgres() {
    const testDb: TestDatabase = await createTestDatabase(inject('databaseUrl'), 'keeper_lease')
    const first = await createDatabase({ url: testDb.url, poolSize: 3 })
    const second = await createDatabase({ url: testDb.url, poolSize: 3, migrate: false })
    return {
      first,
      second,
      async close() {
        await first.close()
        await second.close()
        await testDb.drop()
      },
    }
  },
  async pglite() {
    const dir = mkdtempSync(join(tmpdir(), 'keeper-lease-'))
    // the embedded database, and a second client over its socket: one PostgreSQL session for both
    const first = await createDatabase({ pgliteDir: dir })
    const second = await createDatabase({ url: first.url, poolSize: 2, migrate: false })
    return {
      first,
      second,
      async close() {
        await second.close()
        await first.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  },
}

/** The keeper's journaled sender on `db`, on a real chain (the jobs here send nothing). */
function sender(db: Database) {
  const account = keeperAccount({ privateKey: undefined })
  return new JournaledSender({
    prisma: db.prisma,
    client: createPublicClient({ transport: http(node.url) }),
    account,
    chainId: 31337,
    gasPriceCap: 1n,
    txTimeoutMs: 1_000,
    gasBumpPercent: 20,
    log,
    metrics: createMetrics(),
  })
}

async function start(db: Database, jobs: Job[], leaseTtlMs: number) {
  return await startKeeper({
    db,
    sender: sender(db),
    jobs,
    log,
    metrics: createMetrics(),
    host: '127.0.0.1',
    port: 0,
    leaseTtlMs,
  })
}

async function readyz(keeper: RunningKeeper) {
  const response = await fetch(`${keeper.url}/readyz`)
  return { status: response.status, body: (await response.json()) as { reason?: string; lease: { held: boolean } } }
}

async function until(condition: () => Promise<boolean> | boolean, ms = 15_000) {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * A job counting its runs, each one a write fenced by its keeper's lease (as every broadcast is). `writesAfterFreeze`
 * counts the writes whose fence was asked for after a freeze began: a run already waiting for its fence when the
 * freeze began was fenced while the lease was held, and may still complete.
 */
function countingJob(name: string, keeper: () => RunningKeeper | undefined, freeze?: () => number) {
  const state = { runs: 0, writes: 0, refused: 0, frozen: false, writesAfterFreeze: 0 }
  const job: Job = {
    name,
    intervalMs: 20,
    async run() {
      state.runs++
      const frozenMs = freeze?.() ?? 0
      if (frozenMs) {
        // the whole process frozen (as by SIGSTOP or a long pause): no renewal, no timer, nothing runs
        state.frozen = true
        const end = performance.now() + frozenMs
        while (performance.now() < end);
      }
      const afterFreeze = state.frozen
      try {
        await keeper()?.fence()
      } catch (error) {
        if (error instanceof LeaseLostError) state.refused++
        throw error
      }
      state.writes++
      if (afterFreeze) state.writesAfterFreeze++
      return { kind: 'idle' as const }
    },
  }
  return { job, state }
}

describe.each(Object.keys(setups))('the keeper lease on %s', (kind) => {
  let setup: Setup
  beforeAll(async () => {
    setup = await (setups[kind] as () => Promise<Setup>)()
  })
  afterAll(async () => {
    await setup?.close()
  })

  it('a second keeper waits (not ready, nothing run) while the first holds the lease, then takes it over', async () => {
    let first: RunningKeeper | undefined
    let second: RunningKeeper | undefined
    const a = countingJob('a', () => first)
    const b = countingJob('b', () => second)
    first = await start(setup.first, [a.job], 3_000)
    try {
      await until(async () => (await readyz(first as RunningKeeper)).status === 200)
      second = await start(setup.second, [b.job], 3_000)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const waiting = await readyz(second)
      expect(waiting.status).toBe(503)
      expect(waiting.body.reason).toMatch(/^waiting for the keeper lease: another keeper \(.+\) holds it until/)
      expect(waiting.body.lease.held).toBe(false)
      expect(b.state.runs).toBe(0)
      expect(a.state.writes).toBeGreaterThan(0)
      // a clean stop releases the lease: the second takes it without waiting for it to expire
      await first.stop()
      first = undefined
      await until(() => b.state.writes > 0, 2_500)
      expect((await readyz(second)).status).toBe(200)
    } finally {
      await first?.stop()
      await second?.stop()
    }
  })

  it('a keeper frozen past its lease is taken over, and its write after the freeze is refused', async () => {
    let first: RunningKeeper | undefined
    let second: RunningKeeper | undefined
    let freezeNext = false
    const a = countingJob(
      'a',
      () => first,
      () => (freezeNext ? ((freezeNext = false), 1_500) : 0),
    )
    const b = countingJob('b', () => second)
    first = await start(setup.first, [a.job], 600)
    try {
      await until(() => a.state.writes > 0)
      second = await start(setup.second, [b.job], 600)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(b.state.runs).toBe(0)
      freezeNext = true
      await until(() => b.state.writes > 0)
      // the first keeper's write after the freeze was refused, and it wrote nothing since
      expect(a.state.refused).toBe(1)
      expect(a.state.writesAfterFreeze).toBe(0)
      const writesAtTakeOver = a.state.writes
      const lost = await readyz(first)
      expect(lost.status).toBe(503)
      expect(lost.body.reason).toMatch(/lease/)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(a.state.writes).toBe(writesAtTakeOver)
      expect(a.state.writesAfterFreeze).toBe(0)
      expect((await readyz(second)).status).toBe(200)
    } finally {
      await first?.stop()
      first = undefined
      await second?.stop()
    }
  })
})
